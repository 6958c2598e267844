/**
 * Uploading one image for an article (its cover or a picture in its text): the file checked
 * against the upload rules, sent through the signed upload, and the failure kept to show beside
 * the control that asked for it ("upload failed, please try again").
 */
import type { MessageDescriptor } from "@lingui/core";
import { useCallback, useState } from "react";
import { uploadArticleImage } from "../../../api/adminArticles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { checkArticleImage } from "./articleImage.ts";
import { articleFormErrors as e } from "./text.ts";

export type ArticleImageUpload = {
  busy: boolean;
  error: MessageDescriptor | null;
  /** The uploaded image's address, or null when the file was refused or the upload failed. */
  upload(file: File): Promise<string | null>;
  clearError(): void;
};

export function useArticleImageUpload(): ArticleImageUpload {
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);

  const upload = useCallback(
    async (file: File) => {
      const refused = checkArticleImage(file);
      setError(refused);
      if (refused) return null;
      setBusy(true);
      try {
        return await uploadArticleImage(api, file, () => crypto.randomUUID());
      } catch {
        setError(e.uploadFailed);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [api],
  );

  return { busy, error, upload, clearError: useCallback(() => setError(null), []) };
}

/**
 * The hidden file chooser behind an article's image button: the chosen image goes to `onFile`,
 * and the chooser is emptied so that the same file may be chosen again.
 */
import type { Ref } from "react";
import type { DataAttributes } from "../../../ui/dataAttributes.ts";
import { ARTICLE_IMAGE_ACCEPT } from "./articleImage.ts";

export function ArticleImageInput({
  ref,
  onFile,
  ...data
}: { ref: Ref<HTMLInputElement>; onFile(file: File): void } & DataAttributes) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      accept={ARTICLE_IMAGE_ACCEPT}
      {...data}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = "";
        if (file) onFile(file);
      }}
    />
  );
}

/** The avatar rules of spec section 5: png, jpeg or jpg, at most 2 MB. */
import type { MessageDescriptor } from "@lingui/core";
import { UPLOAD_RULES } from "../../../contract/uploads.ts";
import { personalErrors as e } from "./messages.ts";

export function checkAvatarFile(file: { type: string; size: number } | null): MessageDescriptor | null {
  if (!file) return e.avatarRequired;
  if (!UPLOAD_RULES.avatar.contentTypes.includes(file.type)) return e.avatarWrong;
  if (file.size > UPLOAD_RULES.avatar.maxBytes) return e.avatar2MB;
  return null;
}

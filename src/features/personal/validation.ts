/**
 * The profile edits' own rules (spec section 5) as pure functions: each answers the message to
 * show under the field, or null when the value is acceptable. Password and code rules are the
 * account forms' (../account/validation.ts).
 */
import { isEmail, isPhone } from "../../../contract/account-rules.ts";
import { UPLOAD_RULES } from "../../../contract/upload-rules.ts";
import { fieldErrors } from "../account/messages.ts";
import type { Check } from "../account/validation.ts";
import { personalErrors as e } from "./messages.ts";

/** An avatar: png, jpeg or jpg, at most 2 MB (`type` is the browser's content type). */
export function checkAvatarFile(file: { type: string; size: number } | null): Check {
  if (!file) return e.avatarRequired;
  if (!UPLOAD_RULES.avatar.contentTypes.includes(file.type)) return e.avatarWrong;
  if (file.size > UPLOAD_RULES.avatar.maxBytes) return e.avatar2MB;
  return null;
}

export const checkOldPassword = (value: string): Check => (value === "" ? e.oldPasswordRequired : null);

export type BindingMethod = "phone" | "email";

/** A new phone or e-mail to bind: well formed and not the one bound now (e-mail ignores case). */
export function checkBindingValue(method: BindingMethod, value: string, current: string | null): Check {
  const v = value.trim();
  if (method === "phone") {
    if (v === "") return e.phoneRequired;
    if (!isPhone(v)) return fieldErrors.phoneInvalid;
    return v === current ? e.samePhone : null;
  }
  if (v === "") return e.emailRequired;
  if (!isEmail(v)) return fieldErrors.emailInvalid;
  return v.toLowerCase() === current?.toLowerCase() ? e.sameEmail : null;
}

/**
 * Accounts and sign-in (spec sections 3, 5, 7): requests and results of the auth and user calls.
 */
import { z } from "zod";
import {
  CODE_PATTERN,
  CODE_SCENES,
  ELEVEN_DIGITS,
  EMAIL_MAX,
  EMAIL_PATTERN,
  isEmail,
  isPhone,
  mixesCharKinds,
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
  ROLES,
  USERNAME_CHARS,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./account-rules.ts";
import { cleanText } from "./text-schemas.ts";

export type { CodeScene, Role } from "./account-rules.ts";

export const roleSchema = z.enum(ROLES);

export const phoneSchema = z
  .string()
  .trim()
  .regex(PHONE_PATTERN, "phone: 11 digits starting with 1 then 3 to 9");
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX)
  .regex(EMAIL_PATTERN, "not an e-mail address")
  .transform((v) => v.toLowerCase());
/** An e-mail address or a phone number; e-mail addresses are lowercased. */
export const emailOrPhoneSchema = z
  .string()
  .trim()
  .refine((v) => isPhone(v) || isEmail(v), "neither an e-mail address nor a phone number")
  .transform((v) => (isPhone(v) ? v : v.toLowerCase()));

export const usernameSchema = z
  .string()
  .trim()
  .superRefine(cleanText("single-line"))
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_CHARS, "only Chinese, letters, digits, underscore, dot and hyphen")
  .refine((v) => !ELEVEN_DIGITS.test(v), "must not be an 11-digit number");

/** At least 6 characters mixing at least two of letters, digits and symbols. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine(mixesCharKinds, "mix at least two of letters, digits and symbols");

export const nicknameSchema = z
  .string()
  .trim()
  .min(1)
  .max(NICKNAME_MAX)
  .superRefine(cleanText("single-line"));

export const codeSceneSchema = z.enum(CODE_SCENES);
const codeSchema = z.string().trim().regex(CODE_PATTERN, "six digits");
/** The identifier the server gave a captcha. */
const captchaIdentifierSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, "not a captcha identifier");

// Requests

export const captchaResult = z.object({ image_base64: z.string(), identifier: z.string() });
export type Captcha = z.infer<typeof captchaResult>;

/** A sign-in name as typed: a username, e-mail address or phone number. */
const signInNameSchema = z.string().trim().min(1).max(254).superRefine(cleanText("single-line"));

export const showCaptchaBody = z.object({ username: signInNameSchema });
export const showCaptchaResult = z.object({
  is_login_show_captcha: z.boolean(),
  is_else_show_captcha: z.boolean(),
});
export type ShowCaptcha = z.infer<typeof showCaptchaResult>;

export const checkUserExistsBody = z
  .object({ username: usernameSchema.optional(), phone_or_email: emailOrPhoneSchema.optional() })
  .refine((v) => v.username !== undefined || v.phone_or_email !== undefined, "username or phone_or_email");
export const checkUserExistsResult = z.object({
  username_exists: z.boolean(),
  phone_or_email_exists: z.boolean(),
});
export type CheckUserExists = z.infer<typeof checkUserExistsResult>;

export const phoneCodeQuery = z.object({
  receiver: emailOrPhoneSchema,
  captcha: z.string().trim().min(1).max(16),
  scene: codeSceneSchema,
  identifier: captchaIdentifierSchema,
});

export const registerBody = z.object({
  username: usernameSchema,
  code: codeSchema,
  email_or_phone: emailOrPhoneSchema,
  password: passwordSchema,
  nickname: nicknameSchema.optional(),
});

/** The form-encoded password login (an OAuth2 password grant shape). */
export const loginBody = z.object({
  scope: z.string().optional(),
  username: signInNameSchema,
  password: z.string().min(1).max(128),
  captcha: z.string().trim().max(16).optional(),
  /** Sent empty, as the captcha is, when no captcha was shown. */
  identifier: captchaIdentifierSchema.or(z.literal("")).optional(),
});

export const codeLoginQuery = z.object({
  method: z.literal("multiple").default("multiple"),
  receiver: emailOrPhoneSchema,
  code: codeSchema,
});

export const nicknameQuery = z.object({ nickname: nicknameSchema });

export const changePasswordBody = z.object({
  oldpassword: z.string().min(1).max(128),
  password: passwordSchema,
});

export const resetPasswordBody = z.object({
  email_or_phone: emailOrPhoneSchema,
  code: codeSchema,
  password: passwordSchema,
});

export const bindingsBody = z
  .object({
    method: z.enum(["phone", "email"]),
    phone: phoneSchema.optional(),
    email: emailSchema.optional(),
    code: codeSchema,
  })
  .refine((v) => (v.method === "phone" ? v.phone !== undefined : v.email !== undefined), {
    message: "the value for the chosen method is required",
  });

// Results

export const tokenResult = z.object({ access_token: z.string(), token_type: z.literal("bearer") });
export type TokenResult = z.infer<typeof tokenResult>;

/** The signed access token's claims (spec section 3). */
export const tokenPayload = z.object({ id: z.number().int().positive(), roles: z.array(roleSchema) });
export type TokenPayload = z.infer<typeof tokenPayload>;

export const profileResult = z.object({
  _id: z.number().int(),
  avatar: z.string(),
  nickname: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  wechat: z.string().nullable(),
  google: z.string().nullable(),
  roles: z.array(roleSchema),
});
export type Profile = z.infer<typeof profileResult>;

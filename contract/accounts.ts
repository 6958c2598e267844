/**
 * Accounts and sign-in (spec sections 3, 5, 7): requests and results of the auth and user calls.
 */
import { z } from "zod";

export const ROLES = ["admin", "researcher", "reader"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN = 6;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 50;
/** Token cookie lifetime (spec section 9); the access token lives as long. */
export const ACCESS_TOKEN_TTL_MS = 8 * 24 * 3600 * 1000;
export const CAPTCHA_TTL_MS = 300_000;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_RESEND_MS = 60_000;
/** Failed password logins after which the login needs the image captcha. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;

const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isPhone = (value: string): boolean => PHONE.test(value);
export const isEmail = (value: string): boolean => EMAIL.test(value);

export const phoneSchema = z.string().trim().regex(PHONE, "phone: 11 digits starting with 1 then 3 to 9");
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL, "not an e-mail address")
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
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(/^[\p{Script=Han}A-Za-z0-9_.-]+$/u, "only Chinese, letters, digits, underscore, dot and hyphen")
  .refine((v) => !/^\d{11}$/.test(v), "must not be an 11-digit number");

/** At least 6 characters mixing at least two of letters, digits and symbols. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN)
  .max(128)
  .refine((v) => {
    const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(v)).length;
    return kinds >= 2;
  }, "mix at least two of letters, digits and symbols");

export const nicknameSchema = z.string().trim().min(1).max(50);

export const CODE_SCENES = ["register", "login", "reset_password", "bind"] as const;
export const codeSceneSchema = z.enum(CODE_SCENES);
export type CodeScene = z.infer<typeof codeSceneSchema>;
const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "six digits");

// Requests

export const captchaResult = z.object({ image_base64: z.string(), identifier: z.string() });

export const showCaptchaBody = z.object({ username: z.string().trim().min(1).max(254) });
export const showCaptchaResult = z.object({
  is_login_show_captcha: z.boolean(),
  is_else_show_captcha: z.boolean(),
});

export const checkUserExistsBody = z
  .object({ username: usernameSchema.optional(), phone_or_email: emailOrPhoneSchema.optional() })
  .refine((v) => v.username !== undefined || v.phone_or_email !== undefined, "username or phone_or_email");
export const checkUserExistsResult = z.object({
  username_exists: z.boolean(),
  phone_or_email_exists: z.boolean(),
});

export const phoneCodeQuery = z.object({
  receiver: emailOrPhoneSchema,
  captcha: z.string().trim().min(1).max(16),
  scene: codeSceneSchema,
  identifier: z.string().min(1).max(64),
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
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  captcha: z.string().trim().max(16).optional(),
  identifier: z.string().max(64).optional(),
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

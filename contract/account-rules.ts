/**
 * The rules of accounts and sign-in (spec sections 3, 5 and 9) as plain values and predicates:
 * roles, lengths, lifetimes and what an e-mail address, phone number, username or password looks
 * like. The request schemas in accounts.ts are built from them and the web app's forms check them.
 */

export const ROLES = ["admin", "researcher", "reader"] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 50;
export const NICKNAME_MAX = 50;
export const EMAIL_MAX = 254;
/**
 * How long a sign-in lasts (spec section 9, "token cookie 8 days"): the refresh cookie's lifetime,
 * counted from the sign-in and kept, not renewed, when the cookie is exchanged for a new one.
 */
export const SIGN_IN_TTL_MS = 8 * 24 * 3600 * 1000;
/**
 * The access token's lifetime: minutes, so that a copied token is soon worthless. The web app
 * exchanges the refresh cookie for a new token on the first 401 and repeats the request.
 */
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const CAPTCHA_TTL_MS = 300_000;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_RESEND_MS = 60_000;
/** Failed password logins after which the login needs the image captcha. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;

export const CODE_SCENES = ["register", "login", "reset_password", "bind"] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A verification code: six digits. */
export const CODE_PATTERN = /^\d{6}$/;
export const USERNAME_CHARS = /^[\p{Script=Han}A-Za-z0-9_.-]+$/u;
/** Eleven digits read as a phone number, so a username may not be one. */
export const ELEVEN_DIGITS = /^\d{11}$/;

/** Lengths count code points, as the schemas do: a char outside the BMP is one, not two. */
const lengthOf = (value: string): number => Array.from(value).length;
const lengthWithin = (value: string, min: number, max: number): boolean => {
  const length = lengthOf(value);
  return length >= min && length <= max;
};

export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

/** A trimmed username: 2 to 50 allowed chars, and not eleven digits. */
export const isUsername = (value: string): boolean =>
  lengthWithin(value, USERNAME_MIN, USERNAME_MAX) && USERNAME_CHARS.test(value) && !ELEVEN_DIGITS.test(value);

/** A trimmed nickname: 1 to 50 chars. */
export const isNickname = (value: string): boolean => lengthWithin(value, 1, NICKNAME_MAX);

/** Whether a password mixes at least two of letters, digits and symbols. */
export const mixesCharKinds = (value: string): boolean =>
  [/[A-Za-z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(value)).length >= 2;

/** At least 6 and at most 128 characters mixing at least two of letters, digits and symbols. */
export const isPassword = (value: string): boolean =>
  lengthWithin(value, PASSWORD_MIN, PASSWORD_MAX) && mixesCharKinds(value);

/**
 * Accounts and sign-in (server/modules/auth): users, codes, captchas, sign-in failures, the mail
 * outbox and refresh tokens.
 */
import type { Generated } from "kysely";

/** Times below are milliseconds since the epoch; `roles` is a JSON array of role strings. */
export interface UserTable {
  id: Generated<number>;
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  avatar: Generated<string>;
  roles: Generated<string>;
  status: Generated<string>;
  wechat_id: string | null;
  google_id: string | null;
  /**
   * Carried in every access token; a token naming another version is refused. Raised when the
   * user's sessions end: at logout, a password change or a change of roles.
   */
  session_version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface VerificationCodeTable {
  receiver: string;
  scene: string;
  code_hash: string;
  expires_at: number;
  sent_at: number;
  attempts: Generated<number>;
}

export interface CaptchaTable {
  identifier: string;
  answer_hash: string;
  expires_at: number;
}

export interface SignInFailureTable {
  kind: "account" | "name" | "address";
  key: string;
  count: number;
  last_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  receiver: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface RefreshTokenTable {
  /** The token's jti; the secret half is stored only as a hash. */
  id: string;
  user_id: number;
  token_hash: string;
  expires_at: number;
  revoked: Generated<number>;
  /** When it was exchanged for the next; null while unused. */
  used_at: number | null;
}

export interface AccountTables {
  user: UserTable;
  verification_code: VerificationCodeTable;
  captcha: CaptchaTable;
  sign_in_failure: SignInFailureTable;
  outbox: OutboxTable;
  refresh_token: RefreshTokenTable;
}

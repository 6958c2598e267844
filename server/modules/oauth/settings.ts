/** Google and WeChat sign-in settings, from the environment (both id and secret, or neither). */
export type GoogleSettings = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
};

export type WechatSettings = { appId: string; appSecret: string; authUrl: string; apiUrl: string };

export type OAuthSettings = {
  /** The site's origin; the providers send readers back to `{publicUrl}/login/{provider}`. */
  publicUrl: string;
  google: GoogleSettings | null;
  wechat: WechatSettings | null;
};

export const GOOGLE_DEFAULTS = {
  authUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
};

export const WECHAT_DEFAULTS = {
  authUrl: "https://open.weixin.qq.com/connect/qrconnect",
  apiUrl: "https://api.weixin.qq.com",
};

/**
 * The signed-in reader's profile and its edits (spec section 7, "Auth and user"). Every edit
 * answers a new access token, which the caller stores (spec section 4).
 */
import type { Profile, TokenResult } from "../../contract/accounts.ts";
import type { ApiClient } from "./client.ts";

export function fetchProfile(api: ApiClient, signal?: AbortSignal): Promise<Profile> {
  return api.getResult<Profile>(api.http.get("user/profile", { signal }));
}

export async function changeNickname(api: ApiClient, nickname: string): Promise<string> {
  const result = await api.getResult<TokenResult>(
    api.http.put("user/nickname", { searchParams: { nickname } }),
  );
  return result.access_token;
}

export async function changePassword(api: ApiClient, oldpassword: string, password: string): Promise<string> {
  const result = await api.getResult<TokenResult>(
    api.http.put("user/password", { json: { oldpassword, password } }),
  );
  return result.access_token;
}

export type BindingForm =
  | { method: "phone"; phone: string; code: string }
  | { method: "email"; email: string; code: string };

export async function bindContact(api: ApiClient, form: BindingForm): Promise<string> {
  const result = await api.getResult<TokenResult>(api.http.put("user/bindings", { json: form }));
  return result.access_token;
}

/** Makes an uploaded object (its key under the policy's `dir`) the reader's avatar. */
export async function setAvatar(api: ApiClient, key: string): Promise<string> {
  const result = await api.getResult<TokenResult>(
    api.http.put("user/avatar", { searchParams: { avatar: key } }),
  );
  return result.access_token;
}

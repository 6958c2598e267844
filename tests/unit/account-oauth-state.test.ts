import { describe, expect, it } from "vitest";
import { finishOAuth, startOAuth } from "../../src/features/account/oauthState.ts";

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("OAuth state", () => {
  it("adds the state to the authorization address, before a fragment", () => {
    const session = memory();
    expect(startOAuth(session, "google", "https://p.example/auth?client_id=a", "login", () => "s1")).toBe(
      "https://p.example/auth?client_id=a&state=s1",
    );
    expect(
      startOAuth(session, "wechat", "https://w.example/qr?appid=a#wechat_redirect", "bind", () => "s2"),
    ).toBe("https://w.example/qr?appid=a&state=s2#wechat_redirect");
  });

  it("accepts the matching return once, with its purpose", () => {
    const session = memory();
    startOAuth(session, "wechat", "https://w.example/qr", "bind", () => "abc");
    expect(finishOAuth(session, "wechat", "abc")).toBe("bind");
    expect(finishOAuth(session, "wechat", "abc")).toBeNull();
  });

  it("refuses a forged state or another provider's return", () => {
    const session = memory();
    startOAuth(session, "google", "https://p.example/auth", "login", () => "abc");
    expect(finishOAuth(session, "google", "xyz")).toBeNull();
    startOAuth(session, "google", "https://p.example/auth", "login", () => "abc");
    expect(finishOAuth(session, "wechat", "abc")).toBeNull();
  });
});

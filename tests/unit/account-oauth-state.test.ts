import { describe, expect, it } from "vitest";
import { embeddedWechatAddress, finishOAuth, startOAuth } from "../../src/features/account/oauthState.ts";
import { memoryStorage } from "../support/memory-storage.ts";

describe("OAuth state", () => {
  it("adds the state to the authorization address, before a fragment", () => {
    const session = memoryStorage();
    expect(startOAuth(session, "google", "https://p.example/auth?client_id=a", "login", () => "s1")).toBe(
      "https://p.example/auth?client_id=a&state=s1",
    );
    expect(
      startOAuth(session, "wechat", "https://w.example/qr?appid=a#wechat_redirect", "bind", () => "s2"),
    ).toBe("https://w.example/qr?appid=a&state=s2#wechat_redirect");
  });

  it("accepts the matching return once, with its purpose", () => {
    const session = memoryStorage();
    startOAuth(session, "wechat", "https://w.example/qr", "bind", () => "abc");
    expect(finishOAuth(session, "wechat", "abc")).toBe("bind");
    expect(finishOAuth(session, "wechat", "abc")).toBeNull();
  });

  it("refuses a forged state or another provider's return", () => {
    const session = memoryStorage();
    startOAuth(session, "google", "https://p.example/auth", "login", () => "abc");
    expect(finishOAuth(session, "google", "xyz")).toBeNull();
    startOAuth(session, "google", "https://p.example/auth", "login", () => "abc");
    expect(finishOAuth(session, "wechat", "abc")).toBeNull();
  });
});

describe("WeChat's QR page in the sign-in card", () => {
  it("keeps the authorization and its state, drops the fragment and sends the window back, not the frame", () => {
    const session = memoryStorage();
    const trip = startOAuth(
      session,
      "wechat",
      "https://open.weixin.qq.com/connect/qrconnect?appid=wx1&redirect_uri=https%3A%2F%2Fsite%2Flogin%2Fwechat&response_type=code&scope=snsapi_login#wechat_redirect",
      "login",
      () => "s1",
    );
    const embedded = new URL(embeddedWechatAddress(trip));
    expect(embedded.hash).toBe("");
    expect(Object.fromEntries(embedded.searchParams)).toEqual({
      appid: "wx1",
      redirect_uri: "https://site/login/wechat",
      response_type: "code",
      scope: "snsapi_login",
      state: "s1",
      login_type: "jssdk",
      self_redirect: "false",
    });
    expect(finishOAuth(session, "wechat", "s1")).toBe("login");
  });
});

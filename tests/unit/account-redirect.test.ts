import { describe, expect, it } from "vitest";
import { REDIRECT_KEY } from "../../src/app/routes/guards.ts";
import {
  asksRedirect,
  loginHrefReturningTo,
  loginTarget,
  takeStoredRedirect,
} from "../../src/features/account/afterLogin.ts";
import { memoryStorage } from "../support/memory-storage.ts";

describe("the page after signing in", () => {
  it("prefers redirect_uri, relative or absolute, over the stored page", () => {
    expect(loginTarget("/page/JS_1_2a?cid=1", "/message", true)).toEqual({
      kind: "internal",
      href: "/page/JS_1_2a?cid=1",
    });
    expect(loginTarget("https://example.org/back?x=1", "/message", true)).toEqual({
      kind: "external",
      url: "https://example.org/back?x=1",
    });
  });

  it("returns to the stored page when sent to sign in from it, else home", () => {
    expect(loginTarget(null, "/page/JS_1_2a", true)).toEqual({ kind: "internal", href: "/page/JS_1_2a" });
    expect(loginTarget("  ", "/message?tab=profile", true)).toEqual({
      kind: "internal",
      href: "/message?tab=profile",
    });
    expect(loginTarget("", null, true)).toEqual({ kind: "internal", href: "/" });
  });

  it("ignores a page stored earlier when the sign-in did not come from it", () => {
    expect(loginTarget(null, "/page/JS_1_2a", false)).toEqual({ kind: "internal", href: "/" });
  });

  it("never follows script or protocol-relative addresses", () => {
    expect(loginTarget("javascript:alert(1)", null, true)).toEqual({ kind: "internal", href: "/" });
    expect(loginTarget("//evil.example/x", null, true)).toEqual({ kind: "internal", href: "/" });
    expect(loginTarget("/\\evil.example/x", null, true)).toEqual({ kind: "internal", href: "/" });
    expect(loginTarget(null, "https://evil.example/", true)).toEqual({ kind: "internal", href: "/" });
    expect(loginTarget("not an address", "/message", true)).toEqual({ kind: "internal", href: "/message" });
  });

  it("reads needRedirect as the router parses it or as written", () => {
    expect(asksRedirect(1)).toBe(true);
    expect(asksRedirect("1")).toBe(true);
    expect(asksRedirect(undefined)).toBe(false);
    expect(asksRedirect(0)).toBe(false);
    expect(asksRedirect("true")).toBe(false);
  });

  it("forgets the stored page once read", () => {
    const session = memoryStorage({ [REDIRECT_KEY]: "/message" });
    expect(takeStoredRedirect(session)).toBe("/message");
    expect(takeStoredRedirect(session)).toBeNull();
  });

  it("stores the current page for the login prompt and asks sign-in to come back", () => {
    const session = memoryStorage();
    expect(loginHrefReturningTo(session, "/scroll/JS0001_001?cid=3")).toBe("/login?needRedirect=1");
    expect(loginHrefReturningTo(session, "/JS", "/register")).toBe("/register?needRedirect=1");
    expect(session.map.get(REDIRECT_KEY)).toBe("/JS");
  });

  it("signs in without a way back when session storage refuses", () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(loginHrefReturningTo(broken, "/JS")).toBe("/login");
  });
});

import { describe, expect, it } from "vitest";
import { loginTarget, takeStoredRedirect } from "../../src/features/account/afterLogin.ts";

describe("the page after signing in", () => {
  it("prefers redirect_uri, relative or absolute", () => {
    expect(loginTarget("/page/JS_1_2a?cid=1", "/message")).toEqual({
      kind: "internal",
      href: "/page/JS_1_2a?cid=1",
    });
    expect(loginTarget("https://example.org/back?x=1", "/message")).toEqual({
      kind: "external",
      url: "https://example.org/back?x=1",
    });
  });

  it("falls back to the stored page, then home", () => {
    expect(loginTarget(null, "/page/JS_1_2a")).toEqual({ kind: "internal", href: "/page/JS_1_2a" });
    expect(loginTarget("", null)).toEqual({ kind: "internal", href: "/" });
  });

  it("never follows script or protocol-relative addresses", () => {
    expect(loginTarget("javascript:alert(1)", null)).toEqual({ kind: "internal", href: "/" });
    expect(loginTarget("//evil.example/x", null)).toEqual({ kind: "internal", href: "/" });
    expect(loginTarget(null, "https://evil.example/")).toEqual({ kind: "internal", href: "/" });
  });

  it("forgets the stored page once read", () => {
    const map = new Map([["canon-reader.redirect", "/message"]]);
    const session = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    expect(takeStoredRedirect(session)).toBe("/message");
    expect(takeStoredRedirect(session)).toBeNull();
  });
});

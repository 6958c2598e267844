import { describe, expect, it } from "vitest";
import {
  ADMIN,
  checkAccess,
  checkPageUid,
  checkReelUid,
  checkTripitaka,
  checkUnmatched,
  homeRedirect,
  isReadingPath,
  PUBLIC,
  RESEARCHER,
  SIGNED_IN,
  SIGNED_OUT_ONLY,
  tripitakaOfPath,
} from "../../src/app/routes/guards.ts";
import {
  type AuthState,
  authStateOf,
  createAuthStore,
  SIGNED_OUT,
  TOKEN_KEY,
} from "../../src/auth/authState.ts";
import { memoryStorage } from "../support/memory-storage.ts";

const reader: AuthState = { signedIn: true, userId: 7, roles: ["reader"] };
const admin: AuthState = { signedIn: true, userId: 1, roles: ["admin", "reader"] };
const researcher: AuthState = { signedIn: true, userId: 2, roles: ["researcher"] };

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (payload: unknown) =>
  `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(payload)}.signature`;

describe("checkAccess", () => {
  it("lets anyone see public routes", () => {
    expect(checkAccess(PUBLIC, SIGNED_OUT, "/scroll/JS0001_1")).toEqual({ kind: "allow" });
    expect(checkAccess(PUBLIC, reader, "/terms")).toEqual({ kind: "allow" });
  });

  it("sends a signed-out visitor of a login route to /401 with needRedirect and the full target", () => {
    expect(checkAccess(SIGNED_IN, SIGNED_OUT, "/page/JS_1_2?cid=JS_1_2.3")).toEqual({
      kind: "redirect",
      to: "/401",
      search: { needRedirect: 1 },
      remember: "/page/JS_1_2?cid=JS_1_2.3",
    });
    expect(checkAccess(ADMIN, SIGNED_OUT, "/admin/user/list")).toMatchObject({
      to: "/401",
      remember: "/admin/user/list",
    });
  });

  it("lets a signed-in reader see login routes without a role", () => {
    expect(checkAccess(SIGNED_IN, reader, "/message")).toEqual({ kind: "allow" });
  });

  it("sends a signed-in reader without the role to /401 naming the role, without a stored redirect", () => {
    expect(checkAccess(ADMIN, reader, "/admin/feedback")).toEqual({
      kind: "redirect",
      to: "/401",
      lacks: "admin",
    });
    expect(checkAccess(RESEARCHER, admin, "/JS/char-image")).toEqual({
      kind: "redirect",
      to: "/401",
      lacks: "researcher",
    });
  });

  it("lets the role holders in", () => {
    expect(checkAccess(ADMIN, admin, "/admin/feedback")).toEqual({ kind: "allow" });
    expect(checkAccess(RESEARCHER, researcher, "/JS/colophon")).toEqual({ kind: "allow" });
  });

  it("sends a signed-in visitor of sign-in, sign-up and recovery to /404", () => {
    expect(checkAccess(SIGNED_OUT_ONLY, reader, "/login")).toEqual({ kind: "redirect", to: "/404" });
    expect(checkAccess(SIGNED_OUT_ONLY, SIGNED_OUT, "/register")).toEqual({ kind: "allow" });
  });
});

describe("path guards", () => {
  it("redirects / to the default tripitaka", () => {
    expect(homeRedirect()).toEqual({ kind: "redirect", to: "/JS" });
    expect(checkUnmatched("/")).toEqual({ kind: "redirect", to: "/JS" });
  });

  it("accepts the listed tripitaka codes and sends other single segments to /404", () => {
    expect(checkTripitaka("JS")).toEqual({ kind: "allow" });
    expect(checkTripitaka("TS")).toEqual({ kind: "allow" });
    expect(checkTripitaka("WX")).toEqual({ kind: "redirect", to: "/404" });
    expect(checkTripitaka("js")).toEqual({ kind: "redirect", to: "/404" });
    expect(checkUnmatched("/nothing")).toEqual({ kind: "redirect", to: "/404" });
  });

  it("sends other unmatched paths home, to their tripitaka when they start with one", () => {
    expect(checkUnmatched("/TS/whatever/else")).toEqual({ kind: "redirect", to: "/TS" });
    expect(checkUnmatched("/foo/bar")).toEqual({ kind: "redirect", to: "/JS" });
  });

  it("checks reel and page uids", () => {
    expect(checkReelUid("TS0251_1")).toEqual({ kind: "allow" });
    expect(checkReelUid("TS0251")).toEqual({ kind: "redirect", to: "/404" });
    expect(checkPageUid("QL_24_17")).toEqual({ kind: "allow" });
    expect(checkPageUid("nope")).toEqual({ kind: "redirect", to: "/404" });
  });

  it("finds the current tripitaka and the reading screens", () => {
    expect(tripitakaOfPath("/GL")).toBe("GL");
    expect(tripitakaOfPath("/JS/search")).toBe("JS");
    expect(tripitakaOfPath("/scroll/TS0251_1")).toBe("TS");
    expect(tripitakaOfPath("/page/QL_24_17")).toBe("QL");
    expect(tripitakaOfPath("/terms")).toBeNull();
    expect(isReadingPath("/scroll/TS0251_1")).toBe(true);
    expect(isReadingPath("/page/QL_24_17")).toBe(true);
    expect(isReadingPath("/JS")).toBe(false);
  });
});

describe("auth state", () => {
  it("reads id and roles from the token and treats bad tokens as signed out", () => {
    expect(authStateOf(jwt({ id: 5, roles: ["researcher"] }))).toEqual({
      signedIn: true,
      userId: 5,
      roles: ["researcher"],
    });
    expect(authStateOf(null)).toEqual(SIGNED_OUT);
    expect(authStateOf("not-a-token")).toEqual(SIGNED_OUT);
    expect(authStateOf(jwt({ id: "x", roles: [] }))).toEqual(SIGNED_OUT);
  });

  it("keeps the token in storage and tells subscribers when it changes", () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_KEY, jwt({ id: 3, roles: ["admin"] }));
    const store = createAuthStore(storage);
    expect(store.state()).toMatchObject({ signedIn: true, roles: ["admin"] });
    let changes = 0;
    store.subscribe(() => changes++);
    store.clear();
    expect(store.state()).toEqual(SIGNED_OUT);
    expect(storage.map.has(TOKEN_KEY)).toBe(false);
    store.set(jwt({ id: 4, roles: ["reader"] }));
    expect(store.state()).toMatchObject({ signedIn: true, userId: 4 });
    expect(changes).toBe(2);
  });
});

/** Which application screen a status leads to (spec sections 2 and 4). */
import { describe, expect, it } from "vitest";
import type { ApplicationStatusResult } from "../../contract/applications.ts";
import { checkAccess, RESEARCHER } from "../../src/app/routes/guards.ts";
import { createAuthStore } from "../../src/auth/authState.ts";
import { afterSubmitTarget, applyEntry, resultView } from "../../src/features/apply/applyFlow.ts";
import { parseApplySearch } from "../../src/features/apply/applySearch.ts";

const status = (
  latest: ApplicationStatusResult["latest_status"],
  logs: ApplicationStatusResult["apply_logs"] = [],
): ApplicationStatusResult => ({
  latest_status: latest,
  real_name: latest ? "玄奘" : "",
  company: latest ? "大慈恩寺" : "",
  intro: latest ? "译经僧" : "",
  purpose: latest ? "校勘" : "",
  created_at: latest ? 1 : null,
  updated_at: latest ? 2 : null,
  apply_logs: logs,
});

describe("/apply on entry", () => {
  it("offers an empty form to a reader who never applied, with or without needReApply", () => {
    expect(applyEntry(null, false)).toEqual({ kind: "form", prefill: false });
    expect(applyEntry(null, true)).toEqual({ kind: "form", prefill: false });
  });
  it("offers the prefilled form after a rejection only when reapplying", () => {
    expect(applyEntry("rejected", true)).toEqual({ kind: "form", prefill: true });
    expect(applyEntry("rejected", false)).toEqual({ kind: "result" });
  });
  it("sends a pending or approved reader to the result", () => {
    for (const latest of ["pending", "approved"] as const) {
      expect(applyEntry(latest, false)).toEqual({ kind: "result" });
      expect(applyEntry(latest, true)).toEqual({ kind: "result" });
    }
  });
});

describe("/apply-result", () => {
  const researcher = ["reader", "researcher"] as const;
  it("shows pending, and success for an approved researcher", () => {
    expect(resultView(status("pending"), ["reader"])).toEqual({ kind: "pending" });
    expect(resultView(status("approved"), researcher)).toEqual({ kind: "success" });
  });
  it("shows a rejection with the newest log's reason and reapply", () => {
    const logs = [
      { status: "rejected", reason: "材料不全", deal_at: 3 },
      { status: "pending", reason: "", deal_at: 2 },
      { status: "rejected", reason: "旧的原因", deal_at: 1 },
    ] as const;
    expect(resultView(status("rejected", [...logs]), ["reader"])).toEqual({
      kind: "failure",
      reason: "材料不全",
      reapply: true,
    });
  });
  it("shows an approval the sign-in does not carry as a failure, without reapply", () => {
    expect(resultView(status("approved"), ["reader"])).toEqual({
      kind: "failure",
      reason: "",
      reapply: false,
    });
  });
  it("sends a reader with no application to the form", () => {
    expect(resultView(status(null), ["reader"])).toEqual({ kind: "none" });
  });
});

describe("the query of /apply", () => {
  it("keeps needReApply and a path of this site", () => {
    expect(parseApplySearch({ needReApply: 1, redirect: "/JS/colophon" })).toEqual({
      needReApply: 1,
      redirect: "/JS/colophon",
    });
    expect(parseApplySearch({ needReApply: "1" })).toEqual({ needReApply: 1 });
  });
  it("drops anything else, and addresses of other sites", () => {
    expect(parseApplySearch({ needReApply: 0, redirect: "https://evil.example/" })).toEqual({});
    expect(parseApplySearch({ redirect: "//evil.example/" })).toEqual({});
    expect(parseApplySearch({ redirect: "/\\evil.example/" })).toEqual({});
    expect(parseApplySearch({ redirect: 5 })).toEqual({});
  });
});

describe("after a sent application", () => {
  it("goes to the result, or to a redirect the reader may open now", () => {
    expect(afterSubmitTarget(undefined, ["reader"])).toBe("/apply-result");
    expect(afterSubmitTarget("/JS/search?keyword=%E8%88%AC", ["reader"])).toBe(
      "/JS/search?keyword=%E8%88%AC",
    );
    expect(afterSubmitTarget("https://evil.example/", ["reader"])).toBe("/apply-result");
  });
  it("does not send a reader still waiting for approval to a research tool", () => {
    expect(afterSubmitTarget("/JS/char-image", ["reader"])).toBe("/apply-result");
    expect(afterSubmitTarget("/QL/colophon?page_no=2", ["reader"])).toBe("/apply-result");
    expect(afterSubmitTarget("/JS/char-type", ["reader", "researcher"])).toBe("/JS/char-type");
  });
});

describe("an approval reaching the sign-in", () => {
  const token = (roles: string[]): string =>
    [
      { alg: "HS256", typ: "JWT" },
      { id: 7, roles },
    ]
      .map((part) => Buffer.from(JSON.stringify(part)).toString("base64url"))
      .concat("signature")
      .join(".");

  it("lets the reader into researcher routes once the refreshed token arrives", () => {
    const stored = new Map<string, string>();
    const auth = createAuthStore({
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    });
    auth.set(token(["reader"]));
    expect(checkAccess(RESEARCHER, auth.state(), "/JS/char-image")).toEqual({
      kind: "redirect",
      to: "/401",
      lacks: "researcher",
    });
    let told = 0;
    auth.subscribe(() => {
      told += 1;
    });
    // What the API client does with the token a refresh answers.
    auth.set(token(["reader", "researcher"]));
    expect(told).toBe(1);
    expect(checkAccess(RESEARCHER, auth.state(), "/JS/char-image")).toEqual({ kind: "allow" });
  });
});

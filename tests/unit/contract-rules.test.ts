/**
 * The web app checks with zod-free predicates what the server checks with the contract's zod
 * schemas: both must accept and refuse the same values.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isNickname, isPassword, isUsername, NICKNAME_MAX } from "../../contract/account-rules.ts";
import { nicknameSchema, passwordSchema, tokenPayload, usernameSchema } from "../../contract/accounts.ts";
import { bookSchema, imgNamesResult } from "../../contract/canon.ts";
import { isTokenPayload } from "../../src/auth/authState.ts";
import { isBookList, isImageNames } from "../../src/features/reader-page/storedShapes.ts";

/** Every value for which `check` and the schema disagree. */
function disagreements(values: readonly unknown[], check: (value: never) => boolean, schema: z.ZodType) {
  return values.filter((value) => check(value as never) !== schema.safeParse(value).success);
}

describe("zod-free contract rules", () => {
  it("accept the usernames the server accepts", () => {
    const names = [
      "ab",
      "a",
      "释迦",
      "阿",
      "reader_01",
      "a.b-c",
      "a b",
      "a/b",
      "13800138000",
      "1380013800",
      "x".repeat(50),
      "x".repeat(51),
      "𠀀",
      "𠀀".repeat(26),
      "𠀀".repeat(50),
      "𠀀".repeat(51),
      "名字😀",
    ];
    expect(disagreements(names, isUsername, usernameSchema)).toEqual([]);
  });

  it("accept the passwords the server accepts", () => {
    const passwords = ["abc123", "abcdef", "123456", "ab12", "abc!@#", "!!!111", "a1𠀀𠀀", "a1𠀀"];
    const long = [
      `a1${"x".repeat(126)}`,
      `a1${"x".repeat(127)}`,
      `a1${"𠀀".repeat(126)}`,
      `a1${"𠀀".repeat(127)}`,
    ];
    expect(disagreements([...passwords, ...long], isPassword, passwordSchema)).toEqual([]);
  });

  it("limit nicknames as the server does", () => {
    const nicknames = [
      "读者",
      "",
      "名".repeat(NICKNAME_MAX),
      "名".repeat(NICKNAME_MAX + 1),
      "𠀀".repeat(NICKNAME_MAX),
      "𠀀".repeat(NICKNAME_MAX + 1),
    ];
    expect(disagreements(nicknames, isNickname, nicknameSchema)).toEqual([]);
  });

  it("read token claims as the server signs them", () => {
    const claims = [
      { id: 5, roles: ["reader"] },
      { id: 1, roles: ["admin", "researcher", "reader"] },
      { id: 1, roles: [] },
      { id: 0, roles: ["reader"] },
      { id: -3, roles: ["reader"] },
      { id: 1.5, roles: ["reader"] },
      { id: 2 ** 53, roles: ["reader"] },
      { id: "5", roles: ["reader"] },
      { id: 5, roles: ["root"] },
      { id: 5, roles: "reader" },
      { id: 5 },
      { id: 5, roles: ["reader"], exp: 1 },
      null,
      "token",
    ];
    expect(disagreements(claims, isTokenPayload, tokenPayload)).toEqual([]);
  });

  it("keep the book lists and scanned page names the server gives", () => {
    const book = { uid: "QL_24", volume: 24, from: "QL_24_1", to: "QL_24_9", page_count: 9, excluded: [] };
    const lists = [
      [],
      [book],
      [book, { ...book, excluded: ["QL_24_3"] }],
      [{ ...book, volume: "24" }],
      [{ ...book, excluded: [3] }],
      [{ ...book, page_count: 1.5 }],
      [{ uid: "QL_24" }],
      { 0: book },
      null,
    ];
    expect(disagreements(lists, isBookList, z.array(bookSchema))).toEqual([]);
    const names = [
      {},
      { QL_24: ["QL_24_1"] },
      { QL_24: [] },
      { QL_24: "QL_24_1" },
      { QL_24: [1] },
      [],
      null,
      "x",
    ];
    expect(disagreements(names, isImageNames, imgNamesResult)).toEqual([]);
  });
});

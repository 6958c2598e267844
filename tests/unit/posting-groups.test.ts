import { describe, expect, it } from "vitest";
import {
  GROUP_BYTES,
  type GroupRow,
  GroupWriter,
  gramKeys,
  listsOfRows,
  type ReadRow,
  rowHolds,
  tokenKey,
} from "../../server/modules/search/posting-groups.ts";

const A = "甲".codePointAt(0) as number;
const B = "乙".codePointAt(0) as number;
const list = (length: number, fill: number) => new Uint8Array(length).fill(fill);
const EMPTY = new Uint8Array();

/** Rows as a lookup reads them: every column read, std's beside. */
const readRows = (rows: readonly GroupRow[], form: "ori" | "std" | "sim"): ReadRow[] =>
  rows.flatMap((row) =>
    row[form] === null
      ? []
      : [{ seg: 7, key: row.key, list: row[form], std: form === "std" ? null : row.std }],
  );

function write(tokens: readonly [number, (Uint8Array | null)[]][]): GroupRow[] {
  const rows: GroupRow[] = [];
  const writer = new GroupWriter((row) => rows.push(row));
  for (const [key, lists] of tokens) writer.token(key, lists);
  writer.end();
  return rows;
}

describe("search_posting's rows", () => {
  it("share a row among a char's short lists, and give a long list a row of its own", () => {
    const rows = write([
      [tokenKey(A, 0), [null, list(3, 1), null]],
      [tokenKey(A, B), [EMPTY, list(5, 2), list(4, 3)]],
      [tokenKey(A, B + 1), [null, list(600, 4), null]],
      [tokenKey(A, B + 2), [null, list(2, 5), null]],
      [tokenKey(B, 0), [null, null, list(2, 6)]],
    ]);
    expect(rows.map((row) => row.key)).toEqual([
      tokenKey(A, 0),
      tokenKey(A, B + 1),
      tokenKey(A, B + 2),
      tokenKey(B, 0),
    ]);
    // A form without tokens in a row is null.
    expect(rows[3]?.std).toBeNull();
    expect(rows[0]?.ori).not.toBeNull();

    const std = listsOfRows(readRows(rows, "std"), () => true);
    expect(std.map((t) => [t.gram, t.seg, t.list.length])).toEqual([
      ["甲", 7, 3],
      ["甲乙", 7, 5],
      [String.fromCodePoint(A, B + 1), 7, 600],
      [String.fromCodePoint(A, B + 2), 7, 2],
    ]);
    // An ori list equal to std's is std's.
    const ori = listsOfRows(readRows(rows, "ori"), (key) => key === tokenKey(A, B));
    expect(ori.map((t) => [t.gram, [...t.list]])).toEqual([["甲乙", [2, 2, 2, 2, 2]]]);
    const sim = listsOfRows(readRows(rows, "sim"), () => true);
    expect(sim.map((t) => t.gram)).toEqual(["甲乙", "乙"]);
  });

  it("keep each shared row's lists within GROUP_BYTES", () => {
    const tokens: [number, (Uint8Array | null)[]][] = [];
    for (let second = 1; second <= 400; second++)
      tokens.push([tokenKey(A, second), [null, list(30, second), null]]);
    const rows = write(tokens);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.std?.length).toBeLessThanOrEqual(GROUP_BYTES);
    const read = listsOfRows(readRows(rows, "std"), () => true);
    expect(read.map((t) => t.list[0])).toEqual(tokens.map(([key]) => (key - tokenKey(A, 0)) % 256));
  });

  it("tell whether a row read for a token holds it, a long column unread being its own token", () => {
    const rows = write([
      [tokenKey(A, 1), [null, list(3, 1), null]],
      [tokenKey(A, 3), [null, list(3, 1), null]],
    ]);
    const [row] = readRows(rows, "std") as [ReadRow];
    expect(rowHolds(row, tokenKey(A, 3))).toBe(true);
    expect(rowHolds(row, tokenKey(A, 2))).toBe(false);
    const unread: ReadRow = { seg: 1, key: tokenKey(A, 5), list: null, std: null };
    expect(rowHolds(unread, tokenKey(A, 5))).toBe(true);
    expect(rowHolds(unread, tokenKey(A, 6))).toBe(false);
  });

  it("key a char's tokens as one range, and a bigram as itself", () => {
    expect(gramKeys("甲")).toEqual({ lo: tokenKey(A, 0), hi: tokenKey(A + 1, 0) - 1 });
    expect(gramKeys("甲乙")).toEqual({ lo: tokenKey(A, B), hi: tokenKey(A, B) });
    expect(gramKeys("𠀀乙").lo).toBe(tokenKey(0x20000, B));
  });
});

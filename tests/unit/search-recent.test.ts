import { describe, expect, it } from "vitest";
import {
  pushRecent,
  RECENT_INPUTS_KEY,
  RECENT_INPUTS_MAX,
  readRecent,
  writeRecent,
} from "../../src/features/search/recentInputs.ts";
import { memoryStorage } from "../support/memory-storage.ts";

describe("recent search inputs", () => {
  it("puts the newest first", () => {
    expect(pushRecent(["法", "佛"], "僧")).toEqual(["僧", "法", "佛"]);
  });

  it("moves a repeated keyword to the front instead of keeping it twice", () => {
    expect(pushRecent(["法", "佛", "僧"], "佛")).toEqual(["佛", "法", "僧"]);
    expect(pushRecent(["法", "佛"], "  佛 ")).toEqual(["佛", "法"]);
  });

  it("keeps at most 16, dropping the oldest", () => {
    const full = Array.from({ length: RECENT_INPUTS_MAX }, (_, i) => `k${i}`);
    const next = pushRecent(full, "new");
    expect(RECENT_INPUTS_MAX).toBe(16);
    expect(next).toHaveLength(16);
    expect(next[0]).toBe("new");
    expect(next).not.toContain("k15");
    expect(pushRecent(full, "k15")).toEqual(["k15", ...full.slice(0, 15)]);
  });

  it("ignores an empty keyword", () => {
    expect(pushRecent(["法"], "   ")).toEqual(["法"]);
  });

  it("survives in storage and reads back only valid entries", () => {
    const storage = memoryStorage();
    writeRecent(storage, ["般若", "如是我聞"]);
    expect(readRecent(storage)).toEqual(["般若", "如是我聞"]);
    expect(readRecent(memoryStorage({ [RECENT_INPUTS_KEY]: '["a", 3, "", "a", "b"]' }))).toEqual(["a", "b"]);
    expect(readRecent(memoryStorage({ [RECENT_INPUTS_KEY]: "{not json" }))).toEqual([]);
    expect(readRecent(memoryStorage({ [RECENT_INPUTS_KEY]: '{"a":1}' }))).toEqual([]);
    const many = JSON.stringify(Array.from({ length: 30 }, (_, i) => `k${i}`));
    expect(readRecent(memoryStorage({ [RECENT_INPUTS_KEY]: many }))).toHaveLength(16);
  });
});

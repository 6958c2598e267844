import { describe, expect, it } from "vitest";
import { statementSizes } from "../../server/db/bulk-insert.ts";

describe("bulk insert statement sizes", () => {
  it("write every row once, whole chunks first, then powers of two", () => {
    expect(statementSizes(0, 512)).toEqual([]);
    expect(statementSizes(1, 512)).toEqual([1]);
    expect(statementSizes(512, 512)).toEqual([512]);
    expect(statementSizes(1_300, 512)).toEqual([512, 512, 256, 16, 4]);
    for (let rows = 0; rows < 2_000; rows++) {
      const sizes = statementSizes(rows, 512);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(rows);
      expect(sizes.every((size) => size === 512 || (size < 512 && Number.isInteger(Math.log2(size))))).toBe(
        true,
      );
    }
  });

  it("keep a chunk that is not a power of two", () => {
    expect(statementSizes(1_000, 1_000)).toEqual([1_000]);
    expect(statementSizes(2_999, 1_000)).toEqual([1_000, 1_000, 512, 256, 128, 64, 32, 4, 2, 1]);
  });
});

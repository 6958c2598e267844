import { describe, expect, it } from "vitest";
import { swapOrder } from "../../src/api/groups.ts";

const groups = [
  { _id: 7, name: "a", sn: 1, sutra_uids: [] },
  { _id: 3, name: "b", sn: 2, sutra_uids: [] },
  { _id: 9, name: "c", sn: 5, sutra_uids: [] },
];

describe("group order", () => {
  it("swaps sn with the neighbour", () => {
    expect(swapOrder(groups, 1, -1)).toEqual({ 3: 1, 7: 2 });
    expect(swapOrder(groups, 1, 1)).toEqual({ 3: 5, 9: 2 });
  });
  it("does not move the first up or the last down", () => {
    expect(swapOrder(groups, 0, -1)).toBeNull();
    expect(swapOrder(groups, 2, 1)).toBeNull();
  });
});

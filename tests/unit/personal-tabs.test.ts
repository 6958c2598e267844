import { describe, expect, it } from "vitest";
import { type PersonalTabId, parseMessageSearch, pickTab } from "../../src/features/personal/tabs.ts";

describe("the personal centre's tab query", () => {
  it.each<[Record<string, unknown>, { tab?: PersonalTabId }]>([
    [{ tab: "profile" }, { tab: "profile" }],
    [{ tab: "myMsg" }, { tab: "myMsg" }],
    [{ tab: "myFeedback" }, { tab: "myFeedback" }],
    [{ tab: "Profile" }, {}],
    [{ tab: "settings" }, {}],
    [{ tab: 3 }, {}],
    [{ tab: ["profile"] }, {}],
    [{}, {}],
    [{ tab: "profile", other: "x" }, { tab: "profile" }],
  ])("%j → %j", (search, expected) => {
    expect(parseMessageSearch(search)).toEqual(expected);
  });

  const shown = [{ id: "myFeedback" }, { id: "profile" }] as const;

  it("shows the tab asked for when it is visible", () => {
    expect(pickTab(shown, "profile")).toBe(shown[1]);
    expect(pickTab(shown, "myFeedback")).toBe(shown[0]);
  });

  it("falls back to the first visible tab", () => {
    expect(pickTab(shown, undefined)).toBe(shown[0]);
    expect(pickTab(shown, "myMsg")).toBe(shown[0]);
    expect(pickTab([{ id: "profile" }], "myMsg")).toEqual({ id: "profile" });
    expect(pickTab([], "profile")).toBeUndefined();
  });
});

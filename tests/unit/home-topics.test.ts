import { describe, expect, it } from "vitest";
import { specialTopics, topicTarget } from "../../src/features/home/topics.ts";

const colophon = specialTopics.find((topic) => topic.id === "colophon");
if (!colophon) throw new Error("colophon topic missing");

describe("special topics", () => {
  it("asks a guest to sign in", () => {
    expect(topicTarget(colophon, "JS", { signedIn: false })).toEqual({ kind: "login" });
  });
  it("sends a reader who is not a researcher to the application, returning to the tool", () => {
    expect(topicTarget(colophon, "JS", { signedIn: true, userId: 1, roles: ["reader"] })).toEqual({
      kind: "go",
      href: "/apply?redirect=%2FJS%2Fcolophon",
    });
  });
  it("opens the tool for a researcher", () => {
    expect(
      topicTarget(colophon, "QL", { signedIn: true, userId: 1, roles: ["reader", "researcher"] }),
    ).toEqual({
      kind: "go",
      href: "/QL/colophon",
    });
  });
});

import { describe, expect, it } from "vitest";
import { nicknameSchema, usernameSchema } from "../../contract/accounts.ts";
import { groupNameSchema } from "../../contract/personal.ts";
import {
  isCleanText,
  type TextFlaw,
  type TextKind,
  textFlaw,
  textFlawMessage,
} from "../../contract/text-rules.ts";
import { fieldErrors } from "../../src/features/account/messages.ts";
import { checkNickname, checkUsername, nicknameCharsError } from "../../src/features/account/validation.ts";

type Case = [
  label: string,
  text: string,
  singleLine: TextFlaw | null,
  multiLine: TextFlaw | null,
  storable: TextFlaw | null,
];

const cases: Case[] = [
  ["plain Chinese", "如是我聞", null, null, null],
  ["letters, digits and punctuation", "Reader_01 (a.b-c)", null, null, null],
  ["a supplementary-plane char", "𠀀𪚥", null, null, null],
  ["a private-use char of the canon", "\u{F0000}經", null, null, null],
  ["emoji with a skin tone and a joiner", "👍🏽👨‍👩‍👧", null, null, null],
  ["combining marks", "e\u0301\u0302", null, null, null],
  ["a zero-width joiner and non-joiner", "a\u200Db\u200Cc", null, null, null],
  ["NUL", "a\0b", "control", "control", "control"],
  ["a C0 control", "a\u0007b", "control", "control", null],
  ["DEL", "a\u007Fb", "control", "control", null],
  ["a C1 control", "a\u0085b", "control", "control", null],
  ["a line feed", "a\nb", "control", null, null],
  ["a carriage return and line feed", "a\r\nb", "control", null, null],
  ["a tab", "a\tb", "control", null, null],
  ["a line separator", "a\u2028b", "control", null, null],
  ["a right-to-left override", "abc\u202Egnp.exe", "bidi", "bidi", null],
  ["a left-to-right embedding", "\u202Aabc", "bidi", "bidi", null],
  ["a pop directional formatting", "abc\u202C", "bidi", "bidi", null],
  ["a left-to-right isolate", "\u2066abc", "bidi", "bidi", null],
  ["a first-strong isolate", "\u2068abc\u2069", "bidi", "bidi", null],
  ["a left-to-right mark", "a\u200Eb", "bidi", "bidi", null],
  ["a right-to-left mark", "a\u200Fb", "bidi", "bidi", null],
  ["an Arabic letter mark", "a\u061Cb", "bidi", "bidi", null],
  ["a lone high surrogate", "a\uD800", "surrogate", "surrogate", "surrogate"],
  ["a lone low surrogate", "\uDC00a", "surrogate", "surrogate", "surrogate"],
  ["a pair out of order", "\uDE00\uD83D", "surrogate", "surrogate", "surrogate"],
  ["a well-formed pair beside a lone half", "😀\uD83D", "surrogate", "surrogate", "surrogate"],
];

describe("the character rules of text fields", () => {
  it.each(cases)("%s", (_, text, singleLine, multiLine, storable) => {
    expect(textFlaw(text, "single-line")).toBe(singleLine);
    expect(textFlaw(text, "multi-line")).toBe(multiLine);
    expect(textFlaw(text, "storable")).toBe(storable);
    expect(isCleanText(text, "single-line")).toBe(singleLine === null);
  });

  it.each<[TextFlaw, TextKind, string]>([
    ["control", "single-line", "must not contain control or bidirectional formatting characters"],
    ["bidi", "single-line", "must not contain control or bidirectional formatting characters"],
    ["bidi", "multi-line", "(other than line breaks and tabs) or bidirectional formatting characters"],
    ["control", "storable", "must not contain NUL characters"],
    ["surrogate", "single-line", "must not contain unpaired surrogates"],
  ])("says what a %s flaw of a %s text is", (flaw, kind, message) => {
    expect(textFlawMessage(flaw, kind)).toContain(message);
  });
});

describe("the request schemas refuse what the rule refuses", () => {
  const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message).join("; ") ?? "";

  it.each([
    ["nickname", nicknameSchema],
    ["group name", groupNameSchema],
  ] as const)("a %s with a right-to-left override, NUL or a lone surrogate", (_, schema) => {
    expect(messageOf(schema.safeParse("ab\u202Ecd"))).toBe(
      "must not contain control or bidirectional formatting characters",
    );
    expect(schema.safeParse("a\0b").success).toBe(false);
    expect(messageOf(schema.safeParse("a\uD800"))).toContain("unpaired surrogates");
    expect(schema.safeParse(" 晚课🙏 ").data).toBe("晚课🙏");
  });

  it("a username with a bidi override, even beside allowed chars", () => {
    expect(messageOf(usernameSchema.safeParse("reader\u202E"))).toContain("bidirectional formatting");
  });
});

describe("the web app's name checks use the same rule", () => {
  it.each([
    ["a right-to-left override", "僧\u202E伽"],
    ["an isolate", "a\u2066b"],
    ["NUL", "a\0b"],
    ["a lone surrogate", "a\uDC00"],
  ])("a nickname with %s shows the characters message", (_, value) => {
    expect(checkNickname(value)).toBe(nicknameCharsError);
  });

  it("a nickname with emoji and combining marks is fine", () => {
    expect(checkNickname("禪👍🏽e\u0301")).toBeNull();
  });

  it("a username with a bidi override is told which chars a username may hold", () => {
    expect(checkUsername("reader\u202E")).toBe(fieldErrors.usernameChars);
  });
});

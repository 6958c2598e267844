import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../src/features/account/messages.ts";
import type { Check } from "../../src/features/account/validation.ts";
import { personalErrors as e } from "../../src/features/personal/messages.ts";
import {
  type BindingMethod,
  checkAvatarFile,
  checkBindingValue,
  checkOldPassword,
} from "../../src/features/personal/validation.ts";

const MB = 1024 * 1024;

describe("avatar file rule (spec sections 5 and 8)", () => {
  it.each<[string, { type: string; size: number } | null, Check]>([
    ["no file", null, e.avatarRequired],
    ["a png", { type: "image/png", size: 1000 }, null],
    ["a jpeg (.jpg or .jpeg)", { type: "image/jpeg", size: 1000 }, null],
    ["exactly 2 MB", { type: "image/png", size: 2 * MB }, null],
    ["one byte over 2 MB", { type: "image/jpeg", size: 2 * MB + 1 }, e.avatar2MB],
    ["a gif", { type: "image/gif", size: 1000 }, e.avatarWrong],
    ["a webp", { type: "image/webp", size: 1000 }, e.avatarWrong],
    ["a text file", { type: "text/plain", size: 12 }, e.avatarWrong],
    ["an unknown type", { type: "", size: 12 }, e.avatarWrong],
    ["a large file of a wrong type", { type: "application/pdf", size: 9 * MB }, e.avatarWrong],
  ])("%s", (_, file, expected) => {
    expect(checkAvatarFile(file)).toBe(expected);
  });
});

describe("password change: the current password is required", () => {
  it.each<[string, Check]>([
    ["", e.oldPasswordRequired],
    [" ", null],
    ["old-pass1", null],
  ])("%j", (value, expected) => {
    expect(checkOldPassword(value)).toBe(expected);
  });
});

describe("binding a new phone or e-mail (spec section 5)", () => {
  it.each<[BindingMethod, string, string | null, Check]>([
    ["phone", "", null, e.phoneRequired],
    ["phone", "   ", "13800138000", e.phoneRequired],
    ["phone", "13912345678", null, null],
    ["phone", " 13912345678 ", null, null],
    ["phone", "12912345678", null, fieldErrors.phoneInvalid],
    ["phone", "1391234567", null, fieldErrors.phoneInvalid],
    ["phone", "reader@example.org", null, fieldErrors.phoneInvalid],
    ["phone", "13800138000", "13800138000", e.samePhone],
    ["phone", "13800138001", "13800138000", null],
    ["email", "", null, e.emailRequired],
    ["email", "reader@example.org", null, null],
    ["email", "reader@", null, fieldErrors.emailInvalid],
    ["email", "13800138000", null, fieldErrors.emailInvalid],
    ["email", "reader@example.org", "reader@example.org", e.sameEmail],
    ["email", " Reader@Example.ORG ", "reader@example.org", e.sameEmail],
    ["email", "other@example.org", "reader@example.org", null],
    ["email", "reader@example.org", null, null],
  ])("%s %j (bound: %j)", (method, value, current, expected) => {
    expect(checkBindingValue(method, value, current)).toBe(expected);
  });
});

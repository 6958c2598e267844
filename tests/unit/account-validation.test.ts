import { describe, expect, it } from "vitest";
import { fieldErrors as e } from "../../src/features/account/messages.ts";
import {
  checkAccount,
  checkCode,
  checkContact,
  checkNewPassword,
  checkNickname,
  checkRepeat,
  checkRepeatTyping,
  checkUsername,
} from "../../src/features/account/validation.ts";

describe("account form rules (spec section 5)", () => {
  it("judges a sign-in name by what it looks like", () => {
    expect(checkAccount("")).toBe(e.accountRequired);
    expect(checkAccount("reader_01")).toBeNull();
    expect(checkAccount("a@b")).toBe(e.emailInvalid);
    expect(checkAccount("reader@example.org")).toBeNull();
    expect(checkAccount("12345678901")).toBe(e.phoneInvalid);
    expect(checkAccount("13800138000")).toBeNull();
  });

  it("accepts an e-mail or an 11-digit phone starting with 1 then 3 to 9", () => {
    expect(checkContact("")).toBe(e.contactRequired);
    expect(checkContact("13800138000")).toBeNull();
    expect(checkContact("12800138000")).toBe(e.phoneInvalid);
    expect(checkContact("x@y.cn")).toBeNull();
    expect(checkContact("nobody")).toBe(e.contactInvalid);
  });

  it("needs passwords of 6 or more mixing two kinds, and a matching repeat", () => {
    expect(checkNewPassword("")).toBe(e.passwordRequired);
    expect(checkNewPassword("abcdef")).toBe(e.passwordRule);
    expect(checkNewPassword("123456")).toBe(e.passwordRule);
    expect(checkNewPassword("ab12")).toBe(e.passwordRule);
    expect(checkNewPassword("abc123")).toBeNull();
    expect(checkNewPassword("abc!@#")).toBeNull();
    expect(checkNewPassword(`a1${"x".repeat(127)}`)).toBe(e.passwordRule);
    expect(checkRepeat("abc123", "abc124")).toBe(e.notSame);
    expect(checkRepeat("abc123", "abc123")).toBeNull();
  });

  it("checks the repeat while typing only once it is as long as the password", () => {
    expect(checkRepeatTyping("abc123", "", false)).toBeNull();
    expect(checkRepeatTyping("abc123", "abc", false)).toBeNull();
    expect(checkRepeatTyping("abc123", "abc124", false)).toBe(e.notSame);
    expect(checkRepeatTyping("abc123", "abc1234", false)).toBe(e.notSame);
    expect(checkRepeatTyping("abc123", "abc123", false)).toBeNull();
    // A message already shows: it follows every keystroke, and an emptied repeat is required.
    expect(checkRepeatTyping("abc123", "abc", true)).toBe(e.notSame);
    expect(checkRepeatTyping("abc123", "", true)).toBe(e.passwordRequired);
  });

  it("limits usernames to 2-50 allowed characters that do not look like a contact", () => {
    expect(checkUsername("")).toBe(e.usernameRequired);
    expect(checkUsername("a")).toBe(e.usernameLength);
    expect(checkUsername("x".repeat(51))).toBe(e.usernameLength);
    expect(checkUsername("释迦_reader.1-2")).toBeNull();
    expect(checkUsername("a b")).toBe(e.usernameChars);
    expect(checkUsername("me@example.org")).toBe(e.usernameLikeContact);
    expect(checkUsername("13800138000")).toBe(e.usernameLikeContact);
    expect(checkUsername("1380013800")).toBeNull();
    expect(checkUsername("  阿难  ")).toBeNull();
    expect(checkUsername("a/b")).toBe(e.usernameChars);
  });

  it("needs a nickname and a six-digit code", () => {
    expect(checkNickname(" ")).toBe(e.nicknameRequired);
    expect(checkNickname("读者")).toBeNull();
    expect(checkNickname("名".repeat(51))).toBe(e.nicknameLength);
    expect(checkCode("")).toBe(e.codeRequired);
    expect(checkCode("12345")).toBe(e.codeFormat);
    expect(checkCode("123456")).toBeNull();
  });
});

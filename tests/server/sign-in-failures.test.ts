/**
 * Password sign-in as clients send it, and the image captcha after failed sign-ins: counted per
 * account whatever form of its name is typed, per normalised name when there is no account, and
 * per client address, side-by-side attempts included; and a 511 that takes as long for a name
 * that is no account as for a wrong password.
 */
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_FAILURES_BEFORE_CAPTCHA } from "../../server/modules/auth/sign-in-failures.ts";
import { testDialects } from "../support/databases.ts";
import {
  type AuthHarness,
  CAPTCHA_ANSWER,
  login,
  newCaptcha,
  parse,
  registerUser,
  startAuthApp,
} from "./auth-setup.ts";

describe.each(testDialects())("password sign-in and its captcha on %s", (dialect) => {
  let h: AuthHarness;
  const readerb = { username: "ReaderB", contact: "readerb@example.com", password: "secret-b1" };
  const readerc = { username: "readerc", contact: "13800138001", password: "secret-c1" };
  const readerd = { username: "readerd", contact: "readerd@example.com", password: "secret-d1" };

  beforeAll(async () => {
    h = await startAuthApp(dialect);
    expect(await registerUser(h, readerb)).toMatchObject({ code: 0 });
    expect(await registerUser(h, readerc)).toMatchObject({ code: 0 });
    expect(await registerUser(h, readerd)).toMatchObject({ code: 0 });
  });
  afterAll(() => h.close());

  const captchaShown = async (username: string, remoteAddress: string) => {
    const response = await h.app.inject({
      method: "POST",
      url: "/v1/is_show_captcha",
      payload: { username },
      remoteAddress,
    });
    return (parse(response).result as { is_login_show_captcha: boolean }).is_login_show_captcha;
  };

  const formLogin = (payload: string, remoteAddress: string) =>
    h.app.inject({
      method: "POST",
      url: "/v1/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload,
      remoteAddress,
    });

  it("takes the five form fields, an empty captcha and identifier meaning no captcha", async () => {
    const form = "scope=&username=ReaderB&password=secret-b1&captcha=&identifier=";
    const signedIn = parse(await formLogin(form, "192.0.2.1"));
    expect(signedIn).toMatchObject({ statusCode: 200, code: 0, result: { token_type: "bearer" } });

    for (let i = 0; i < 3; i++) await login(h, { username: "ReaderB", password: "wrong-1" }, "192.0.2.1");
    const needsCaptcha = parse(await formLogin(form, "192.0.2.1"));
    expect(needsCaptcha).toMatchObject({ statusCode: 400, code: 1505 });
    const identifier = await newCaptcha(h.app);
    const withCaptcha = `scope=&username=ReaderB&password=secret-b1&captcha=${CAPTCHA_ANSWER}&identifier=${identifier}`;
    expect(parse(await formLogin(withCaptcha, "192.0.2.1"))).toMatchObject({ statusCode: 200, code: 0 });
  });

  it("counts failures against the account whichever form or case of its name was typed", async () => {
    for (let i = 0; i < 3; i++) {
      const reply = await login(
        h,
        { username: "readerb@example.com", password: "wrong-1" },
        `192.0.2.${10 + i}`,
      );
      expect(reply.code).toBe(511);
    }
    expect(await captchaShown("READERB@EXAMPLE.COM", "192.0.2.20")).toBe(true);
    expect(await captchaShown("ReaderB", "192.0.2.20")).toBe(true);
    for (const username of ["READERB@EXAMPLE.COM", "ReaderB", "  readerb@example.com "]) {
      const reply = await login(h, { username, password: readerb.password }, "192.0.2.20");
      expect(reply).toMatchObject({ statusCode: 400, code: 1505 });
    }
    const identifier = await newCaptcha(h.app);
    const solved = { username: "READERB@EXAMPLE.COM", password: readerb.password, captcha: CAPTCHA_ANSWER };
    expect((await login(h, { ...solved, identifier }, "192.0.2.20")).code).toBe(0);
    expect(await captchaShown("readerb@example.com", "192.0.2.20")).toBe(false);
  });

  it("counts a phone number and the username as one account", async () => {
    await login(h, { username: "13800138001", password: "wrong-1" }, "192.0.2.30");
    await login(h, { username: "readerc", password: "wrong-1" }, "192.0.2.31");
    await login(h, { username: "13800138001", password: "wrong-1" }, "192.0.2.32");
    expect(await captchaShown("readerc", "192.0.2.33")).toBe(true);
    const rightPassword = { username: "readerc", password: readerc.password };
    expect(await login(h, rightPassword, "192.0.2.33")).toMatchObject({ code: 1505 });
  });

  it("counts a name that is no account by its normalised form", async () => {
    for (const username of ["Ghost@Example.com", "ghost@example.COM", "ＧＨＯＳＴ@example.com"]) {
      expect((await login(h, { username, password: "wrong-1" }, "192.0.2.40")).code).toBe(511);
    }
    expect(await captchaShown("ghost@example.com", "192.0.2.41")).toBe(true);
    expect(
      await login(h, { username: "GHOST@EXAMPLE.COM", password: "wrong-1" }, "192.0.2.41"),
    ).toMatchObject({
      code: 1505,
    });
    expect(await captchaShown("ghost2@example.com", "192.0.2.41")).toBe(false);
  });

  it("asks for the captcha from an address that failed on many names, and only from it", async () => {
    const address = "198.51.100.7";
    for (let i = 0; i < ADDRESS_FAILURES_BEFORE_CAPTCHA; i++) {
      expect((await login(h, { username: `sprayed_${i}`, password: "wrong-1" }, address)).code).toBe(511);
    }
    expect(await captchaShown("ReaderB", address)).toBe(true);
    expect(await login(h, { username: "ReaderB", password: readerb.password }, address)).toMatchObject({
      code: 1505,
    });
    expect(await captchaShown("ReaderB", "198.51.100.8")).toBe(false);
    expect((await login(h, { username: "ReaderB", password: readerb.password }, "198.51.100.8")).code).toBe(
      0,
    );
  });

  it("counts attempts sent side by side, so that only the first goes without the captcha", async () => {
    for (let i = 0; i < 2; i++)
      await login(h, { username: "ReaderB", password: "wrong-1" }, `203.0.113.${i}`);
    const replies = await Promise.all(
      [10, 11, 12, 13].map((n) => login(h, { username: "ReaderB", password: "wrong-1" }, `203.0.113.${n}`)),
    );
    expect(replies.map((r) => r.code).sort((a, b) => a - b)).toEqual([511, 1505, 1505, 1505]);
  });

  it("answers a name that is no account as slowly as a wrong password", async () => {
    const timed = async (username: string, remoteAddress: string) => {
      const started = performance.now();
      expect((await login(h, { username, password: "wrong-1" }, remoteAddress)).code).toBe(511);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      if (i % 2 === 0) {
        const reset = { username: "readerd", password: readerd.password };
        expect((await login(h, reset, `100.64.1.${i}`)).code).toBe(0);
      }
      known.push(await timed("readerd", `100.64.0.${i}`));
      unknown.push(await timed(`nobody_${i}`, `100.64.0.${i}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

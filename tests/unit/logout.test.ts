import { describe, expect, it } from "vitest";
import { createLogout, LOGOUT_DELAY_MS } from "../../src/auth/logout.ts";

function setUp(callFails = false) {
  const log: string[] = [];
  const clock = { now: 0 };
  const timers: { at: number; run: () => void }[] = [];
  const logout = createLogout({
    callLogout: async () => {
      log.push("call");
      if (callFails) throw new Error("offline");
    },
    clearSession: () => log.push("clear"),
    goHome: () => log.push("home"),
    now: () => clock.now,
    later: (run, ms) => timers.push({ at: clock.now + ms, run }),
  });
  const advance = (ms: number) => {
    clock.now += ms;
    for (const timer of timers.splice(0)) {
      if (timer.at <= clock.now) timer.run();
      else timers.push(timer);
    }
  };
  return { logout, log, advance };
}

describe("logout", () => {
  it("calls the server, clears the session, and goes home 1 s later", async () => {
    const { logout, log, advance } = setUp();
    expect(await logout()).toBe(true);
    expect(log).toEqual(["call", "clear"]);
    advance(LOGOUT_DELAY_MS - 1);
    expect(log).toEqual(["call", "clear"]);
    advance(1);
    expect(log).toEqual(["call", "clear", "home"]);
  });

  it("goes home the caller's way first when it gives one, then clears the session", async () => {
    const { logout, log, advance } = setUp();
    await logout(async () => {
      log.push("app home");
    });
    advance(LOGOUT_DELAY_MS);
    expect(log).toEqual(["call", "app home", "clear"]);
  });

  it("ignores repeats within 3 s and accepts one after", async () => {
    const { logout, log, advance } = setUp();
    await logout();
    advance(2999);
    expect(await logout()).toBe(false);
    advance(1);
    expect(await logout()).toBe(true);
    expect(log.filter((entry) => entry === "call")).toHaveLength(2);
  });

  it("clears the session even when the server cannot be reached", async () => {
    const { logout, log } = setUp(true);
    await logout();
    expect(log).toEqual(["call", "clear"]);
  });
});

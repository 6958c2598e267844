import { describe, expect, it } from "vitest";
import { addressKey } from "../../server/client-address.ts";
import { loadConfig } from "../../server/env.ts";

describe("the page-image view limit's settings", () => {
  it("set no limit unless told, and take each limit on its own", () => {
    expect(loadConfig({}).pageImageLimits).toEqual({ guestPerDay: null, readerPerDay: null });
    expect(loadConfig({ GUEST_PAGE_IMAGES_PER_DAY: "20" }).pageImageLimits).toEqual({
      guestPerDay: 20,
      readerPerDay: null,
    });
    expect(
      loadConfig({ GUEST_PAGE_IMAGES_PER_DAY: "0", READER_PAGE_IMAGES_PER_DAY: "500" }).pageImageLimits,
    ).toEqual({ guestPerDay: 0, readerPerDay: 500 });
  });

  it.each([
    [{ GUEST_PAGE_IMAGES_PER_DAY: "" }, "GUEST_PAGE_IMAGES_PER_DAY"],
    [{ GUEST_PAGE_IMAGES_PER_DAY: "-1" }, "GUEST_PAGE_IMAGES_PER_DAY"],
    [{ READER_PAGE_IMAGES_PER_DAY: "2.5" }, "READER_PAGE_IMAGES_PER_DAY"],
    [{ READER_PAGE_IMAGES_PER_DAY: "many" }, "READER_PAGE_IMAGES_PER_DAY"],
  ])("stop the server on a bad value %o", (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe("the address a guest is counted by", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["2001:db8:5:6::1", "2001:db8:5:6::/64"],
    ["2001:0DB8:0005:0006:ffff:1:2:3", "2001:db8:5:6::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["1:2:3:4:5:6:7:8::9", "1:2:3:4::/64"],
  ])("%s counts as %s", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

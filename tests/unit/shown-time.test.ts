/** Every time shown reads YYYY-MM-DD HH:mm:ss (a day YYYY-MM-DD) on a clock in the reader's zone. */
import { describe, expect, it } from "vitest";
import { wallTime } from "../../src/features/list-screen/wallTime.ts";
import { shownTime } from "../../src/ui/shownTime.ts";

describe("a time shown", () => {
  const signUp = Date.UTC(2025, 2, 9, 2, 46, 5);

  it("reads the same instant on the reader's clock, whatever the site's zone", () => {
    expect(shownTime("UTC").dateTime(signUp)).toBe("2025-03-09 02:46:05");
    expect(shownTime("Asia/Shanghai").dateTime(signUp)).toBe("2025-03-09 10:46:05");
    expect(shownTime("America/Los_Angeles").dateTime(signUp)).toBe("2025-03-08 18:46:05");
    expect(shownTime("America/Los_Angeles").date(signUp)).toBe("2025-03-08");
  });

  it("follows daylight saving and writes midnight as 00", () => {
    const nextDay = Date.UTC(2025, 2, 9, 12, 0, 0);
    expect(shownTime("America/New_York").dateTime(nextDay)).toBe("2025-03-09 08:00:00");
    expect(shownTime("Europe/Berlin").dateTime(Date.UTC(2025, 0, 1, 23, 0, 0))).toBe("2025-01-02 00:00:00");
  });

  it("is the time the access log's calls are read in", () => {
    expect(wallTime(signUp, "Europe/Berlin")).toBe(shownTime("Europe/Berlin").dateTime(signUp));
  });

  it("falls back to the browser's own zone for a zone it does not know", () => {
    const unknown = shownTime("Mars/Olympus_Mons");
    expect(unknown.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(unknown.dateTime(signUp)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

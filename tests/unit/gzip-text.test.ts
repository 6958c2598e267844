/** Gzip'd text read back at once into the one buffer kept for the next read. */
import { describe, expect, it, vi } from "vitest";
import { gunzipText, gunzipTextNow, gzip, keptGunzip } from "../../contract/gzip.ts";

const packed = async (text: string) => gzip(new TextEncoder().encode(text));

describe("gzip'd text read at once", () => {
  it("is the text the stream reads, whether the next is longer or shorter than the last", async () => {
    const texts = [
      "",
      "如是我聞",
      "一時佛在舍衛國".repeat(20_000),
      "祇樹給孤獨園",
      `{"a":"${"𩘝".repeat(70_000)}"}`,
      "x",
    ];
    for (const text of texts) {
      const bytes = await packed(text);
      expect(gunzipTextNow(bytes)).toBe(text);
      expect(gunzipTextNow(bytes)).toBe(await gunzipText(bytes));
    }
  });

  it("refuses bytes that are not gzip", async () => {
    expect(() => gunzipTextNow(new Uint8Array(4))).toThrow("not gzip");
    const bytes = await packed("如是我聞".repeat(100));
    bytes[0] = 0;
    expect(() => gunzipTextNow(bytes)).toThrow();
  });

  it("gunzips into the buffer it keeps, and lets it go the time given after the last call", async () => {
    vi.useFakeTimers();
    try {
      const gunzip = keptGunzip(5_000);
      const long = await packed("如是我聞".repeat(10_000));
      const short = await packed("一時");
      const first = gunzip(long);
      expect(new TextDecoder().decode(first)).toBe("如是我聞".repeat(10_000));
      const second = gunzip(short);
      expect(second.buffer).toBe(first.buffer);
      expect(new TextDecoder().decode(second)).toBe("一時");
      vi.advanceTimersByTime(5_000);
      expect(gunzip(short).buffer).not.toBe(first.buffer);
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * The image captcha: a PNG whose answer has to be seen, drawn differently each time, limited per
 * client address, used up by one attempt, and purged once expired.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTCHA_TTL_MS } from "../../contract/account-rules.ts";
import { CAPTCHA_PURGE_INTERVAL_MS } from "../../server/modules/auth/captcha.ts";
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_PIXEL_RATIO,
  CAPTCHA_WIDTH,
} from "../../server/modules/auth/captcha-svg.ts";
import { digest } from "../../server/modules/auth/passwords.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, parse, startAuthApp } from "./auth-setup.ts";

type CaptchaReply = { image_base64: string; identifier: string };

/** A seeded source of numbers in [0, 1), with a queue in front to choose the next captcha's text. */
function scriptedRandom(seed: number) {
  const queue: number[] = [];
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return {
    random: () => queue.shift() ?? next(),
    /** The next captcha spells `text`. */
    spell(text: string) {
      for (const char of text) queue.push((CAPTCHA_ALPHABET.indexOf(char) + 0.5) / CAPTCHA_ALPHABET.length);
    },
  };
}

const pngBytes = (image: string) => Buffer.from(image.slice(image.indexOf(",") + 1), "base64");

/** The chunk types of a PNG file, in order. */
function pngChunks(png: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 8; offset + 8 <= png.length; ) {
    const length = png.readUInt32BE(offset);
    types.push(png.toString("latin1", offset + 4, offset + 8));
    offset += 12 + length;
  }
  return types;
}

/** Old-format glyphs as a lookup table knew them: strokes on a 4 x 6 grid. */
const OLD_GLYPHS: Record<string, string> = { "7": "0,0 4,0 1,6", L: "0,0 0,6 4,6" };

function oldGlyphPath(strokes: string, scale: number): string {
  return strokes
    .split("|")
    .map((stroke) =>
      stroke
        .split(" ")
        .map((point, i) => {
          const [x, y] = point.split(",").map((n) => (Number(n) * scale).toFixed(1));
          return `${i === 0 ? "M" : "L"}${x} ${y}`;
        })
        .join(" "),
    )
    .join(" ");
}

/** A path's commands with its coordinates brought back to the 4-unit-wide grid. */
function unscaled(d: string): string {
  const numbers = [...d.matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const scale = Math.max(...xs) / 4;
  let i = 0;
  return d.replace(/-?\d+(?:\.\d+)?/g, () => (numbers[i++]! / scale).toFixed(0));
}

/**
 * Reads a captcha the way the lookup-table solver read the old SVG one: each letter one `<path>`
 * with its place in the transform, matched by its unscaled outline.
 */
function readOldSvgCaptcha(image: string): { paths: number; text: string } {
  const table = new Map(
    Object.entries(OLD_GLYPHS).map(([char, strokes]) => [unscaled(oldGlyphPath(strokes, 1)), char]),
  );
  const markup = pngBytes(image).toString("latin1");
  const pattern = /<path\b[^>]*\btransform="translate\((-?[\d.]+)[ ,]+(-?[\d.]+)\)[^"]*"[^>]*\bd="([^"]+)"/g;
  const letters: { x: number; char: string }[] = [];
  let paths = 0;
  for (const [, x, , d] of markup.matchAll(pattern)) {
    paths++;
    const char = table.get(unscaled(d ?? ""));
    if (char) letters.push({ x: Number(x), char });
  }
  return {
    paths,
    text: letters
      .sort((a, b) => a.x - b.x)
      .map((l) => l.char)
      .join(""),
  };
}

/** Dark pixels once the grain is smoothed away: where ink is. */
async function inkMask(png: Buffer): Promise<Buffer> {
  return sharp(png).median(3).greyscale().threshold(120).raw().toBuffer();
}

describe.each(testDialects())("captchas on %s", (dialect) => {
  let h: AuthHarness;
  const source = scriptedRandom(20260101);

  beforeAll(async () => {
    h = await startAuthApp(dialect, { random: source.random });
  });
  afterAll(() => h.close());

  async function captchaFor(text: string, remoteAddress?: string): Promise<CaptchaReply> {
    source.spell(text);
    const response = await h.app.inject({ method: "POST", url: "/v1/user/captcha", remoteAddress });
    const reply = parse(response);
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    return reply.result as CaptchaReply;
  }

  const storedIdentifiers = async () =>
    (await h.database.canon.db.selectFrom("captcha").select(["identifier"]).execute()).map(
      (r) => r.identifier,
    );

  it("answers a PNG of the captcha's size, twice over for sharp screens, that carries no text, markup or answer", async () => {
    const answer = "K7WX";
    source.spell(answer);
    const response = await h.app.inject({ method: "POST", url: "/v1/user/captcha" });
    const result = parse(response).result as CaptchaReply;
    expect(result.identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.image_base64).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

    const png = pngBytes(result.image_base64);
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({
      format: "png",
      width: CAPTCHA_WIDTH * CAPTCHA_PIXEL_RATIO,
      height: CAPTCHA_HEIGHT * CAPTCHA_PIXEL_RATIO,
    });
    const pixelChunks = new Set(["IHDR", "pHYs", "IDAT", "IEND"]);
    expect(pngChunks(png).filter((type) => !pixelChunks.has(type))).toEqual([]);
    const bytes = png.toString("latin1");
    for (const markup of ["<svg", "<?xml", "<path", "transform", answer]) expect(bytes).not.toContain(markup);
    expect(response.body.replace(result.image_base64, "")).not.toContain(answer);

    const [stored] = await h.database.canon.db
      .selectFrom("captcha")
      .select(["answer_hash"])
      .where("identifier", "=", result.identifier)
      .execute();
    expect(stored?.answer_hash).toBe(digest("captcha", result.identifier, answer));
    expect(stored?.answer_hash).not.toContain(answer);
  });

  it("gives a solver of the old SVG markup nothing to read", async () => {
    const oldSvg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">` +
      `<path transform="translate(40.2 6.1) rotate(4.0 8.4 12.6)" d="${oldGlyphPath(OLD_GLYPHS.L!, 4.2)}"/>` +
      `<path transform="translate(9.5 5.0) rotate(-8.0 7.6 11.4)" d="${oldGlyphPath(OLD_GLYPHS["7"]!, 3.8)}"/>` +
      `</svg>`;
    const oldImage = `data:image/svg+xml;base64,${Buffer.from(oldSvg).toString("base64")}`;
    expect(readOldSvgCaptcha(oldImage)).toEqual({ paths: 2, text: "7L" });

    const captcha = await captchaFor("7L7L");
    expect(readOldSvgCaptcha(captcha.image_base64)).toEqual({ paths: 0, text: "" });
  });

  it("draws the same answer differently each time", async () => {
    const first = pngBytes((await captchaFor("MNPR")).image_base64);
    const second = pngBytes((await captchaFor("MNPR")).image_base64);
    expect(first.equals(second)).toBe(false);
    const [a, b] = await Promise.all([inkMask(first), inkMask(second)]);
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
    expect(differing / a.length).toBeGreaterThan(0.1);
  });

  it("is used up by one attempt, right or wrong", async () => {
    const { identifier } = await captchaFor("2345");
    const query = { receiver: "once@example.com", scene: "register", captcha: "XXXX", identifier };
    const wrong = parse(await h.app.inject({ method: "POST", url: "/v1/user/phone_code", query }));
    expect(wrong.code).toBe(505);
    expect(await storedIdentifiers()).not.toContain(identifier);
    const again = parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/user/phone_code",
        query: { ...query, captcha: "2345" },
      }),
    );
    expect(again.code).toBe(506);
  });

  it("purges expired captchas at most once a minute, when a new one is drawn", async () => {
    h.clock.now += 24 * 60 * 60 * 1000;
    const a = (await captchaFor("AAAA")).identifier;
    h.clock.now += CAPTCHA_TTL_MS - 30_000;
    const b = (await captchaFor("BBBB")).identifier;
    expect(await storedIdentifiers()).toEqual(expect.arrayContaining([a, b]));

    h.clock.now += 31_000;
    const c = (await captchaFor("CCCC")).identifier;
    expect(await storedIdentifiers()).toContain(a);

    h.clock.now += CAPTCHA_PURGE_INTERVAL_MS - 31_000;
    const d = (await captchaFor("DDDD")).identifier;
    expect((await storedIdentifiers()).sort()).toEqual([b, c, d].sort());
  });
});

describe.each(testDialects())("captcha rate limit on %s", (dialect) => {
  const LIMIT = 5;
  let h: AuthHarness;

  beforeAll(async () => {
    h = await startAuthApp(dialect, { rateLimit: { max: LIMIT, timeWindowMs: 60_000 } });
  });
  afterAll(() => h.close());

  const rows = async () =>
    (await h.database.canon.db.selectFrom("captcha").select(["identifier"]).execute()).length;

  it("answers 429 in the envelope past the limit and stores no more captchas", async () => {
    const replies = [];
    for (let i = 0; i < LIMIT + 10; i++) {
      replies.push(parse(await h.app.inject({ method: "POST", url: "/v1/user/captcha" })));
    }
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(LIMIT);
    const refused = replies.slice(LIMIT);
    for (const reply of refused) {
      expect(reply).toMatchObject({ statusCode: 429, code: 429, result: null });
      expect(reply.msg).toMatch(/too many requests/);
    }
    expect(await rows()).toBe(LIMIT);

    const elsewhere = await h.app.inject({
      method: "POST",
      url: "/v1/user/captcha",
      remoteAddress: "203.0.113.9",
    });
    expect(parse(elsewhere)).toMatchObject({ statusCode: 200, code: 0 });
    expect(await rows()).toBe(LIMIT + 1);
  });

  it("limits asking whether the captcha is shown", async () => {
    const ask = () =>
      h.app.inject({ method: "POST", url: "/v1/is_show_captcha", payload: { username: "someone" } });
    for (let i = 0; i < LIMIT; i++) expect(parse(await ask())).toMatchObject({ statusCode: 200, code: 0 });
    expect(parse(await ask())).toMatchObject({ statusCode: 429, code: 429, result: null });
  });
});

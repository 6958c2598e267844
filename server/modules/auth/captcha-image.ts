/**
 * The captcha as a PNG: the scene from captcha-svg.ts rasterised by sharp, with grain added to
 * every pixel. Only the pixels leave the server, so the answer has to be read from the picture.
 */
import sharp from "sharp";
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, captchaSvg } from "./captcha-svg.ts";

const CHANNELS = 3;
/** The largest change grain makes to one channel of one pixel. */
const GRAIN = 28;
/** One pixel in this many becomes a dark or light speck. */
const SPECK_EVERY = 40;

/**
 * mulberry32: a small seeded generator for the per-pixel grain, which needs thousands of numbers
 * per image; the seed comes from the injected source, so the whole image stays reproducible.
 */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function addGrain(pixels: Buffer, random: () => number): void {
  const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);
  for (let offset = 0; offset < pixels.length; offset += CHANNELS) {
    const roll = random();
    if (roll * SPECK_EVERY < 1) {
      const value = roll * SPECK_EVERY < 0.5 ? 40 : 235;
      pixels.fill(value, offset, offset + CHANNELS);
      continue;
    }
    const shift = (random() - 0.5) * 2 * GRAIN;
    for (let channel = 0; channel < CHANNELS; channel++) {
      const index = offset + channel;
      pixels[index] = clamp((pixels[index] ?? 0) + shift + (random() - 0.5) * GRAIN);
    }
  }
}

/** A `CAPTCHA_WIDTH` x `CAPTCHA_HEIGHT` PNG of `text`, drawn with numbers from `random`. */
export async function captchaPng(text: string, random: () => number): Promise<Buffer> {
  const svg = captchaSvg(text, random);
  const grain = seededRandom(Math.floor(random() * 2 ** 32));
  const pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  addGrain(pixels, grain);
  return sharp(pixels, { raw: { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, channels: CHANNELS } })
    .png({ compressionLevel: 6, adaptiveFiltering: true })
    .toBuffer();
}

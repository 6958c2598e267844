/**
 * The captcha as a PNG: the scene from captcha-svg.ts rasterised by sharp, with grain added to
 * every pixel. Only the pixels leave the server, so the answer has to be read from the picture.
 */
import sharp from "sharp";
import { seededRandom } from "../../seeded-random.ts";
import { CAPTCHA_HEIGHT, CAPTCHA_PIXEL_RATIO, CAPTCHA_WIDTH, captchaSvg } from "./captcha-svg.ts";

const CHANNELS = 3;
/** The largest change grain makes to one channel of one pixel. */
const GRAIN = 28;
/** One pixel in this many becomes a dark or light speck. */
const SPECK_EVERY = 40;

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

/**
 * A PNG of `text` at `CAPTCHA_PIXEL_RATIO` times `CAPTCHA_WIDTH` x `CAPTCHA_HEIGHT`, drawn with
 * numbers from `random`.
 */
export async function captchaPng(text: string, random: () => number): Promise<Buffer> {
  const svg = captchaSvg(text, random);
  const grain = seededRandom(Math.floor(random() * 2 ** 32));
  // An SVG is read at 72 dpi: one user unit, one pixel.
  const pixels = await sharp(Buffer.from(svg), { density: 72 * CAPTCHA_PIXEL_RATIO })
    .removeAlpha()
    .raw()
    .toBuffer();
  addGrain(pixels, grain);
  const width = CAPTCHA_WIDTH * CAPTCHA_PIXEL_RATIO;
  const height = CAPTCHA_HEIGHT * CAPTCHA_PIXEL_RATIO;
  return sharp(pixels, { raw: { width, height, channels: CHANNELS } })
    .png({ compressionLevel: 6, adaptiveFiltering: true })
    .toBuffer();
}

/**
 * Draws the installed app's icons into public/icons/ (the web manifests list them):
 * `icon-192.png` and `icon-512.png` (rounded, for "any" purpose) and `icon-maskable-512.png`
 * (full bleed: the lines already lie within the central circle of 40% radius that a launcher's
 * mask keeps, so only the rounded corners go).
 * Run `npx tsx scripts/pwa-icons.ts` after changing the drawing, and commit the PNGs.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";

const BRAND = "#987444";
const OUT_DIR = resolve(import.meta.dirname, "../public/icons");

/** Four lines of text on a page, as in favicon.svg, drawn on a 64-unit square. */
const LINES = "M16 18h32v4H16zm4 10h24v4H20zm-4 10h32v4H16zm8 10h16v4H24z";

function iconSvg(maskable: boolean): string {
  const corner = maskable ? "" : ' rx="12"';
  const background = `<rect width="64" height="64"${corner} fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${background}<path d="${LINES}" fill="#fff"/></svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
] as const;

mkdirSync(OUT_DIR, { recursive: true });
for (const icon of icons) {
  const svg = Buffer.from(iconSvg(icon.maskable));
  await sharp(svg, { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(join(OUT_DIR, icon.file));
  console.log(`${icon.file} ${icon.size}×${icon.size}`);
}

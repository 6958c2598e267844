/**
 * Fluent light and dark themes built from the brand colour #987444 (spec section 9). They are
 * built when the app is built (vite.config.ts writes them into the code as plain objects), so
 * the browser carries neither Fluent's colour palettes nor the work of building them.
 */
import {
  type BrandVariants,
  createDarkTheme,
  createLightTheme,
  type Theme,
} from "@fluentui/react-components";

export const BRAND_COLOUR = "#987444";

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.replace(/^#/, ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (rgb: Rgb): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

const mix = (from: Rgb, to: Rgb, amount: number): Rgb =>
  from.map((c, i) => c + ((to[i] ?? c) - c) * amount) as Rgb;

const SHADES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;
const NEAR_BLACK: Rgb = [12, 9, 6];
const WHITE: Rgb = [255, 255, 255];

/** A 16-step ramp with the brand colour at 80: darker below, lighter above. */
export function brandRamp(hex: string): BrandVariants {
  const brand = parseHex(hex);
  const entries = SHADES.map((shade) => {
    if (shade <= 80) return [shade, toHex(mix(NEAR_BLACK, brand, 0.1 + (0.9 * (shade - 10)) / 70))] as const;
    return [shade, toHex(mix(brand, WHITE, ((shade - 80) / 80) * 0.9))] as const;
  });
  return Object.fromEntries(entries) as BrandVariants;
}

export const brandVariants = brandRamp(BRAND_COLOUR);

/**
 * White text on the brand colour itself is 4.27:1, under the 4.5:1 that text needs: filled brand
 * surfaces (the header bar, primary buttons) take the next darker shade (5.3:1), one step darker
 * again on hover and press. Brand-coloured text on white (a current entry, a selected item) is
 * the same 4.27:1 the other way round, and takes that darker shade too.
 */
export const buildLightTheme = (): Theme => ({
  ...createLightTheme(brandVariants),
  colorBrandBackground: brandVariants[70],
  colorBrandBackgroundHover: brandVariants[60],
  colorBrandBackgroundPressed: brandVariants[40],
  colorBrandBackgroundSelected: brandVariants[60],
  colorBrandForeground1: brandVariants[70],
});

export const buildDarkTheme = (): Theme => ({
  ...createDarkTheme(brandVariants),
  colorBrandForeground1: brandVariants[110],
  colorBrandForeground2: brandVariants[120],
});

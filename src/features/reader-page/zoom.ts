/**
 * Image scale of page reading (spec sections 5 and 9): a percentage of the scan's own pixels,
 * 80 by default; typed values 1 to 500; the buttons step by 10 and do not go below 10; keys 1-9
 * jump to fixed scales.
 */

export const DEFAULT_SCALE = 80;
export const MIN_SCALE = 1;
export const MAX_SCALE = 500;
export const ZOOM_STEP = 10;
export const ZOOM_FLOOR = 10;

/** Keys 1-9 → scale. */
export const ZOOM_KEYS: Readonly<Record<string, number>> = {
  "1": 100,
  "2": 200,
  "3": 300,
  "4": 400,
  "5": 500,
  "6": 60,
  "7": 70,
  "8": 80,
  "9": 90,
};

export const zoomForKey = (key: string): number | null => ZOOM_KEYS[key] ?? null;

export const zoomIn = (scale: number): number => Math.min(MAX_SCALE, scale + ZOOM_STEP);

/** One step smaller, but never below the floor; a typed scale under the floor stays as it is. */
export const zoomOut = (scale: number): number =>
  scale <= ZOOM_FLOOR ? scale : Math.max(ZOOM_FLOOR, scale - ZOOM_STEP);

/** A typed or stored scale as a whole percentage in range, or null when it is not one. */
export function validScale(value: unknown): number | null {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) return null;
  const rounded = Math.round(n);
  return rounded >= MIN_SCALE && rounded <= MAX_SCALE ? rounded : null;
}

/** The scale at which `natural` pixels fill `available` pixels, kept in range. */
export function fitScale(available: number, natural: number): number {
  if (!(natural > 0) || !(available > 0)) return DEFAULT_SCALE;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.floor((available / natural) * 100)));
}

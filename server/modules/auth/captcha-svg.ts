/**
 * The captcha scene as an SVG document that stays inside the server (captcha-image.ts rasterises
 * it). Glyphs are strokes on a 4 x 6 grid; each one is scaled, skewed, rotated, moved and jittered
 * on its own, the whole line is bent by a wave, and crossing curves and dots are drawn over it.
 * All coordinates are computed here, so the document holds only absolute points.
 */
type Stroke = ReadonlyArray<readonly [number, number]>;

/** Each glyph: strokes separated by "|", each a polyline of "x,y" points. */
const GLYPH_STROKES: Record<string, string> = {
  "2": "0,1 1,0 3,0 4,1 4,2 0,6 4,6",
  "3": "0,0 4,0 2,2 3,2 4,3 4,5 3,6 0,6",
  "4": "3,6 3,0 0,4 4,4",
  "5": "4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6",
  "6": "4,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3",
  "7": "0,0 4,0 1,6",
  "8": "1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3|1,3 0,2 0,1 1,0",
  "9": "4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 0,6",
  A: "0,6 2,0 4,6|1,3.5 3,3.5",
  C: "4,0 1,0 0,1 0,5 1,6 4,6",
  D: "0,0 3,0 4,1 4,5 3,6 0,6 0,0",
  E: "4,0 0,0 0,6 4,6|0,3 3,3",
  F: "4,0 0,0 0,6|0,3 3,3",
  H: "0,0 0,6|4,0 4,6|0,3 4,3",
  J: "4,0 4,5 3,6 1,6 0,5",
  K: "0,0 0,6|4,0 0,3.5|1.2,2.8 4,6",
  L: "0,0 0,6 4,6",
  M: "0,6 0,0 2,3 4,0 4,6",
  N: "0,6 0,0 4,6 4,0",
  P: "0,6 0,0 3,0 4,1 4,2 3,3 0,3",
  R: "0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6",
  T: "0,0 4,0|2,0 2,6",
  U: "0,0 0,5 1,6 3,6 4,5 4,0",
  V: "0,0 2,6 4,0",
  W: "0,0 1,6 2,2 3,6 4,0",
  X: "0,0 4,6|4,0 0,6",
  Y: "0,0 2,3 4,0|2,3 2,6",
};

const GLYPHS: Record<string, Stroke[]> = Object.fromEntries(
  Object.entries(GLYPH_STROKES).map(([char, strokes]) => [
    char,
    strokes.split("|").map((stroke) =>
      stroke.split(" ").map((point) => {
        const [x, y] = point.split(",").map(Number);
        return [x ?? 0, y ?? 0] as const;
      }),
    ),
  ]),
);

/** The characters a captcha draws from: no 0/O, 1/I, or other easily confused pairs. */
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join("");
export const CAPTCHA_LENGTH = 4;

/** The size the captcha is drawn at, in CSS pixels (the sign-in forms show it at this size). */
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
/** Image pixels per CSS pixel: sharp on a tablet's or phone's screen (device pixel ratio 2). */
export const CAPTCHA_PIXEL_RATIO = 2;

type Point = readonly [number, number];
type Random = () => number;

const fixed = (n: number) => n.toFixed(1);

function pick(random: Random, count: number): number {
  return Math.min(count - 1, Math.floor(random() * count));
}

/** A number in [low, high). */
const between = (random: Random, low: number, high: number) => low + random() * (high - low);

/** Draws `CAPTCHA_LENGTH` characters; the text takes the first random numbers, the drawing the rest. */
export function captchaText(random: Random): string {
  let text = "";
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[pick(random, CAPTCHA_ALPHABET.length)];
  return text;
}

function colour(random: Random, base: number, spread: number): string {
  const channel = () => base + pick(random, spread);
  return `rgb(${channel()},${channel()},${channel()})`;
}

const inkColour = (random: Random) => colour(random, 20, 90);
const paperColour = (random: Random) => colour(random, 190, 60);

/** A bend applied to every glyph point, so that no two glyphs share one affine shape. */
type Warp = (point: Point) => Point;

function waveWarp(random: Random): Warp {
  const amplitudeY = between(random, 1, 2.2);
  const wavelengthX = between(random, 35, 70);
  const phaseY = random() * 2 * Math.PI;
  const amplitudeX = between(random, 0.8, 2);
  const wavelengthY = between(random, 18, 30);
  const phaseX = random() * 2 * Math.PI;
  return ([x, y]) => [
    x + amplitudeX * Math.sin((2 * Math.PI * y) / wavelengthY + phaseX),
    y + amplitudeY * Math.sin((2 * Math.PI * x) / wavelengthX + phaseY),
  ];
}

/** The affine placement of one glyph: grid units in, image pixels out. */
function glyphPlacement(left: number, random: Random): (point: Point) => Point {
  const scaleX = between(random, 3.4, 4.6);
  const scaleY = between(random, 3.3, 3.9);
  const skew = between(random, -0.3, 0.3);
  const angle = between(random, -0.3, 0.3);
  const top = (CAPTCHA_HEIGHT - 6 * scaleY) / 2 + between(random, -1.5, 1.5);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return ([gx, gy]) => {
    const x = (gx - 2) * scaleX + skew * (gy - 3) * scaleY;
    const y = (gy - 3) * scaleY;
    return [left + 2 * scaleX + x * cos - y * sin, top + 3 * scaleY + x * sin + y * cos];
  };
}

/** Splits each segment so that the warp bends it instead of only moving its ends. */
function subdivide(stroke: Stroke, random: Random): Point[] {
  const jitter = (p: Point): Point => [p[0] + between(random, -0.2, 0.2), p[1] + between(random, -0.2, 0.2)];
  const corners = stroke.map(jitter);
  const points: Point[] = corners.slice(0, 1);
  for (let i = 1; i < corners.length; i++) {
    const [from, to] = [corners[i - 1] as Point, corners[i] as Point];
    for (let step = 1; step <= 4; step++) {
      const t = step / 4;
      points.push([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]);
    }
  }
  return points;
}

const polyline = (points: Point[]) =>
  points.map(([x, y], i) => `${i === 0 ? "M" : "L"}${fixed(x)} ${fixed(y)}`).join(" ");

function glyphPath(char: string, left: number, warp: Warp, random: Random): string {
  const place = glyphPlacement(left, random);
  const d = (GLYPHS[char] ?? [])
    .map((stroke) => polyline(subdivide(stroke, random).map((p) => warp(place(p)))))
    .join(" ");
  return (
    `<path d="${d}" fill="none" stroke="${inkColour(random)}" stroke-width="${fixed(between(random, 2.4, 3.2))}" ` +
    `stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** Curves from edge to edge through the text band, in ink like the glyphs. */
function crossingCurves(random: Random): string {
  const parts: string[] = [];
  const y = () => fixed(between(random, 8, CAPTCHA_HEIGHT - 8));
  const count = 2;
  for (let i = 0; i < count; i++) {
    const x = (share: number) => fixed(CAPTCHA_WIDTH * share + between(random, -10, 10));
    parts.push(
      `<path d="M${x(0)} ${y()} C${x(0.33)} ${fixed(random() * CAPTCHA_HEIGHT)} ${x(0.66)} ` +
        `${fixed(random() * CAPTCHA_HEIGHT)} ${x(1)} ${y()}" fill="none" stroke="${inkColour(random)}" ` +
        `stroke-width="${fixed(between(random, 0.9, 1.4))}"/>`,
    );
  }
  return parts.join("");
}

function dots(random: Random): string {
  const parts: string[] = [];
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${fixed(random() * CAPTCHA_WIDTH)}" cy="${fixed(random() * CAPTCHA_HEIGHT)}" ` +
        `r="${fixed(between(random, 0.5, 1.4))}" fill="${inkColour(random)}"/>`,
    );
  }
  return parts.join("");
}

/** The scene for `text`: a shaded background, bent glyphs that may touch, and noise over them. */
export function captchaSvg(text: string, random: Random): string {
  const warp = waveWarp(random);
  const chars = [...text];
  const advance = between(random, 22, 26);
  let left = (CAPTCHA_WIDTH - advance * chars.length) / 2 + between(random, -3, 3);
  const glyphs: string[] = [];
  for (const char of chars) {
    glyphs.push(glyphPath(char, left + between(random, 2, 6), warp, random));
    left += advance;
  }
  const background =
    `<defs><linearGradient id="paper" x1="0" y1="${fixed(random())}" x2="1" y2="${fixed(random())}">` +
    `<stop offset="0" stop-color="${paperColour(random)}"/><stop offset="1" stop-color="${paperColour(random)}"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#paper)"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" ` +
    `viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">${background}${dots(random)}${glyphs.join("")}` +
    `${crossingCurves(random)}</svg>`
  );
}

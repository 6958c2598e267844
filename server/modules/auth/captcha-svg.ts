/**
 * Draws captcha text as stroked paths on a noisy background. The glyphs are vector strokes on a
 * 4 x 6 grid, so the SVG source never contains the answer as text.
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

const WIDTH = 120;
const HEIGHT = 40;

const fixed = (n: number) => n.toFixed(1);

function pick(random: () => number, count: number): number {
  return Math.min(count - 1, Math.floor(random() * count));
}

/** Draws `CAPTCHA_LENGTH` characters; the text takes the first random numbers, the noise the rest. */
export function captchaText(random: () => number): string {
  let text = "";
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[pick(random, CAPTCHA_ALPHABET.length)];
  return text;
}

function colour(random: () => number, light: boolean): string {
  const base = light ? 170 : 30;
  const channel = () => base + pick(random, 70);
  return `rgb(${channel()},${channel()},${channel()})`;
}

function glyphPath(char: string, index: number, random: () => number): string {
  const strokes = GLYPHS[char] ?? [];
  const cell = WIDTH / CAPTCHA_LENGTH;
  const scale = 3.6 + random() * 1.2;
  const left = index * cell + (cell - 4 * scale) / 2 + (random() - 0.5) * 6;
  const top = (HEIGHT - 6 * scale) / 2 + (random() - 0.5) * 6;
  const angle = (random() - 0.5) * 40;
  const d = strokes
    .map((stroke) =>
      stroke.map(([x, y], i) => `${i === 0 ? "M" : "L"}${fixed(x * scale)} ${fixed(y * scale)}`).join(" "),
    )
    .join(" ");
  const cx = fixed(2 * scale);
  const cy = fixed(3 * scale);
  return (
    `<path transform="translate(${fixed(left)} ${fixed(top)}) rotate(${fixed(angle)} ${cx} ${cy})" ` +
    `d="${d}" fill="none" stroke="${colour(random, false)}" stroke-width="2.6" ` +
    `stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

function noise(random: () => number): string {
  const parts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const [x1, y1, x2, y2] = [random() * WIDTH, random() * HEIGHT, random() * WIDTH, random() * HEIGHT];
    const [qx, qy] = [random() * WIDTH, random() * HEIGHT];
    parts.push(
      `<path d="M${fixed(x1)} ${fixed(y1)} Q${fixed(qx)} ${fixed(qy)} ${fixed(x2)} ${fixed(y2)}" ` +
        `fill="none" stroke="${colour(random, false)}" stroke-width="1.2"/>`,
    );
  }
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${fixed(random() * WIDTH)}" cy="${fixed(random() * HEIGHT)}" r="1" ` +
        `fill="${colour(random, false)}"/>`,
    );
  }
  return parts.join("");
}

/** The SVG document for `text`, with noise drawn over the glyphs. */
export function captchaSvg(text: string, random: () => number): string {
  const glyphs = [...text].map((char, i) => glyphPath(char, i, random)).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" ` +
    `viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="${colour(random, true)}"/>` +
    `${glyphs}${noise(random)}</svg>`
  );
}

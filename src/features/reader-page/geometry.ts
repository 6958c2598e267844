/**
 * Where the scan and its char boxes go on screen: the page image turned clockwise by 0, 90, 180
 * or 270 degrees and drawn at a scale; boxes are given in the scan's pixels (page data).
 */

export type Rotation = 0 | 90 | 180 | 270;
export type Box = { x: number; y: number; w: number; h: number };
export type Size = { width: number; height: number };

export const ROTATIONS: readonly Rotation[] = [0, 90, 180, 270];

export const nextRotation = (rotation: Rotation): Rotation =>
  ROTATIONS[(ROTATIONS.indexOf(rotation) + 1) % ROTATIONS.length] as Rotation;

const quarterTurn = (rotation: Rotation): boolean => rotation === 90 || rotation === 270;

/** The size the turned image takes, in scan pixels. */
export function turnedSize(image: Size, rotation: Rotation): Size {
  return quarterTurn(rotation) ? { width: image.height, height: image.width } : image;
}

/** A box of the scan as it lies on the turned image, in scan pixels. */
export function turnBox(box: Box, image: Size, rotation: Rotation): Box {
  switch (rotation) {
    case 0:
      return box;
    case 90:
      return { x: image.height - box.y - box.h, y: box.x, w: box.h, h: box.w };
    case 180:
      return { x: image.width - box.x - box.w, y: image.height - box.y - box.h, w: box.w, h: box.h };
    case 270:
      return { x: box.y, y: image.width - box.x - box.w, w: box.h, h: box.w };
  }
}

/** A box on screen, relative to the top left of the drawn (turned, scaled) image. */
export function screenBox(box: Box, image: Size, rotation: Rotation, scale: number): Box {
  const turned = turnBox(box, image, rotation);
  const f = scale / 100;
  return { x: turned.x * f, y: turned.y * f, w: turned.w * f, h: turned.h * f };
}

/**
 * The CSS transform that turns an image element of the scaled size about its top left corner and
 * moves it back into the turned frame.
 */
export function imageTransform(image: Size, rotation: Rotation, scale: number): string {
  const f = scale / 100;
  const w = image.width * f;
  const h = image.height * f;
  switch (rotation) {
    case 0:
      return "none";
    case 90:
      return `translate(${h}px, 0px) rotate(90deg)`;
    case 180:
      return `translate(${w}px, ${h}px) rotate(180deg)`;
    case 270:
      return `translate(0px, ${w}px) rotate(270deg)`;
  }
}

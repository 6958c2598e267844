/**
 * Uploaded images are decoded and encoded again before they are stored, so that what is served is
 * only pixels: EXIF, XMP, ICC and comments are dropped, the EXIF orientation is applied to the
 * pixels, and anything hidden around the image data (an HTML or ZIP tail, script in a JPEG comment)
 * is gone. The output has the declared format; an animated GIF stays animated.
 */
import sharp from "sharp";
import { badRequest } from "../../errors.ts";

export type ImageFormat = "png" | "jpeg" | "gif";

/** The most pixels an uploaded image may have, every frame of an animation counted. */
export const MAX_UPLOAD_PIXELS = 40_000_000;

const JPEG_QUALITY = 90;

const SIGNATURES: Record<ImageFormat, readonly Buffer[]> = {
  png: [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  jpeg: [Buffer.from([0xff, 0xd8, 0xff])],
  gif: [Buffer.from("GIF87a", "latin1"), Buffer.from("GIF89a", "latin1")],
};

/**
 * Whether the bytes begin as an image of `format` does. Checked before any decoder sees them, so
 * that only the PNG, JPEG and GIF decoders ever read uploads (not SVG, TIFF or the others).
 */
export const startsAs = (bytes: Buffer, format: ImageFormat): boolean =>
  SIGNATURES[format].some((signature) => bytes.subarray(0, signature.length).equals(signature));

async function pixelCount(bytes: Buffer): Promise<number> {
  const { width, height, pages } = await sharp(bytes).metadata();
  return width * height * (pages ?? 1);
}

/** The image as freshly encoded `format`; 400 when it cannot be read or has too many pixels. */
export async function reencodeImage(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  let pixels: number;
  try {
    pixels = await pixelCount(bytes);
  } catch {
    throw badRequest(`the file is not a readable ${format} image`);
  }
  if (pixels > MAX_UPLOAD_PIXELS)
    throw badRequest(`the image has ${pixels} pixels, more than ${MAX_UPLOAD_PIXELS}`);
  const decoded = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, animated: format === "gif" }).rotate();
  const encoded =
    format === "png"
      ? decoded.png()
      : format === "jpeg"
        ? decoded.jpeg({ quality: JPEG_QUALITY })
        : decoded.gif();
  try {
    return await encoded.toBuffer();
  } catch {
    throw badRequest(`the file is not a readable ${format} image`);
  }
}

/**
 * The column image of one character (spec section 7: GET /v1/tripitaka/{tripitaka_uid}/char/column/img
 * with page_uid and char_sn), which the reel reader shows when the pointer rests on a char. The
 * char is named by its page and its place on the page, `{line}.{char}` (the tail of a char id, see
 * ids.ts), numbered from 1 and counting only chars, not punctuation.
 */
import { z } from "zod";
import { uidPatterns } from "./ids.ts";

export const charColumnImgParams = z.object({
  tripitaka_uid: z.string().regex(uidPatterns.tripitaka, "expected a tripitaka uid such as JS"),
});

export const charColumnImgQuery = z.object({
  page_uid: z.string().max(64).regex(uidPatterns.page, "expected a page uid such as QL_24_17"),
  char_sn: z
    .string()
    .max(16)
    .regex(/^[1-9]\d*\.[1-9]\d*$/, "expected {line}.{char}, e.g. 3.12"),
});

const box = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

export const charColumnImgResult = z.object({
  column_uid: z.string(),
  /** The column image. */
  url: z.string(),
  /** The column image's size in pixels. */
  w: z.number().positive(),
  h: z.number().positive(),
  /** The char's box within the column image. */
  char_pos: box,
});

export type CharColumnImgQuery = z.infer<typeof charColumnImgQuery>;
export type CharColumnImg = z.infer<typeof charColumnImgResult>;

import { z } from "zod";
import { SUCCESS_CODE } from "./errors.ts";

/** Every /v1 response is `{ code, msg, result }`; `code` 0 is success. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    code: z.literal(SUCCESS_CODE),
    msg: z.string(),
    result,
  });
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  result: z.null(),
});

export type Envelope<T> = { code: 0; msg: string; result: T };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export function ok<T>(result: T): Envelope<T> {
  return { code: SUCCESS_CODE, msg: "success", result };
}

/** A paged result (spec section 3). */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number().int().nonnegative(),
    page_size: z.number().int().positive(),
    page_no: z.number().int().positive(),
    page_count: z.number().int().nonnegative(),
    list: z.array(item),
  });
}

export type Paged<T> = { total: number; page_size: number; page_no: number; page_count: number; list: T[] };

/** The page of `list` a query asked for, out of `total` rows. */
export function pageOf<T>(total: number, query: { page_no: number; page_size: number }, list: T[]): Paged<T> {
  return {
    total,
    page_size: query.page_size,
    page_no: query.page_no,
    page_count: Math.ceil(total / query.page_size),
    list,
  };
}

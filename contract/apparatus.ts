/**
 * `GET /v1/reel/{reel_uid}/apparatus`: a reel's collation apparatus in one text form. What the
 * entries mean, and the functions that read them, are in apparatus-witnesses.ts.
 */
import { z } from "zod";
import { APPARATUS_NOTE_KINDS, type ApparatusEntry, type ApparatusRef } from "./apparatus-witnesses.ts";
import { txtTypeSchema } from "./canon.ts";

export const apparatusQuery = z.object({ txt_type: txtTypeSchema.default("std_txt") });

export const apparatusRefSchema = z.object({
  kind: z.string(),
  /** As the source writes it: `K05n0013_p0980a01`. */
  target: z.string(),
  /** The edition's name, or the collection's letter where the product has no such edition. */
  canon: z.string(),
  /** Set when the target line is imported here: the reader opens it. */
  reel_uid: z.string().nullable(),
  cid: z.string().nullable(),
});

export const apparatusEntrySchema = z.object({
  /** The entry's index in the reel, from 0: stable for one import. */
  id: z.number().int().nonnegative(),
  n: z.string(),
  star: z.boolean(),
  line: z.string(),
  offset: z.number().int().nonnegative(),
  end_line: z.string(),
  end_offset: z.number().int().nonnegative(),
  lemma: z.object({ witnesses: z.array(z.string()), text: z.string() }),
  readings: z.array(z.object({ witnesses: z.array(z.string()), text: z.string(), resp: z.string() })),
  notes: z.array(z.object({ kind: z.enum(APPARATUS_NOTE_KINDS), resp: z.string(), text: z.string() })),
  refs: z.array(apparatusRefSchema),
});

export const apparatusResult = z.object({
  reel_uid: z.string(),
  txt_type: txtTypeSchema,
  /** Every witness with a reading in this reel, the base first: what "read as" offers. */
  witnesses: z.array(z.string()),
  entries: z.array(apparatusEntrySchema),
});
export type Apparatus = z.infer<typeof apparatusResult>;

// The plain types the worker uses and the schemas' must stay one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameRef: Same<z.infer<typeof apparatusRefSchema>, ApparatusRef> = true;
const sameEntry: Same<z.infer<typeof apparatusEntrySchema>, ApparatusEntry> = true;
void sameRef;
void sameEntry;

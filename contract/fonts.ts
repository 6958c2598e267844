import { z } from "zod";
import { uidPatterns } from "./ids.ts";

/** Clients ask for 500 chars per font request; the server takes up to 600. */
export const MAX_FONT_CHARS = 600;

/** The distinct chars of a `chars` query, by code point, in first-seen order; whitespace is ignored. */
export function distinctFontChars(text: string): string[] {
  const chars = new Set<string>();
  for (const char of text) {
    if (!/\s/u.test(char)) chars.add(char);
  }
  return [...chars];
}

export const dynamicFontParams = z.object({
  tripitaka_uid: z.string().regex(uidPatterns.tripitaka, "expected a tripitaka uid such as TS"),
});

export const dynamicFontQuery = z.object({
  /** The family name the client gives the subset; it does not change which font is subset. */
  font_name: z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  chars: z
    .string()
    .superRefine((text, ctx) => {
      const count = distinctFontChars(text).length;
      if (count === 0) ctx.addIssue({ code: "custom", message: "expected at least one char" });
      if (count > MAX_FONT_CHARS) {
        ctx.addIssue({
          code: "custom",
          message: `expected at most ${MAX_FONT_CHARS} distinct chars, got ${count}`,
        });
      }
    })
    .describe(`the chars to draw, up to ${MAX_FONT_CHARS} distinct code points; whitespace is ignored`),
});

export type DynamicFontParams = z.infer<typeof dynamicFontParams>;
export type DynamicFontQuery = z.infer<typeof dynamicFontQuery>;

/** The character rules of text-rules.ts as zod refinements, for the request schemas. */
import type { z } from "zod";
import { type TextKind, textFlaw, textFlawMessage } from "./text-rules.ts";

/** `.superRefine(cleanText("single-line"))`: refuses what a text of `kind` may not hold. */
export function cleanText(kind: TextKind) {
  return (text: string, ctx: z.RefinementCtx<string>): void => {
    const flaw = textFlaw(text, kind);
    if (flaw !== null) ctx.addIssue({ code: "custom", message: textFlawMessage(flaw, kind) });
  };
}

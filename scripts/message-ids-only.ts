/**
 * A Vite plugin: the app's message descriptors (`/*i18n*\/ { id, message }`, src/i18n/messages.ts)
 * keep only their id in the built code. The compiled catalogue of every language holds every id
 * (tests/unit/i18n-catalogues.test.ts), so the source text the descriptor repeats is never shown,
 * and leaving it out takes a good part of each screen's text modules off its download. The text is
 * blanked in place, so lines and columns, and with them the source maps, stay as they were.
 */
import type { Plugin } from "vite";

const DESCRIPTOR =
  /\/\*i18n\*\/\s*\{\s*id:\s*"[^"\n]+"(\s*,\s*message:\s*(?:"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`))\s*,?\s*\}/g;

/** The same text with every char of the message field blanked, line breaks kept. */
export function withoutMessages(code: string): string {
  return code.replace(DESCRIPTOR, (descriptor: string, field: string) => {
    const at = descriptor.lastIndexOf(field);
    return descriptor.slice(0, at) + field.replace(/[^\n]/g, " ") + descriptor.slice(at + field.length);
  });
}

export function messageIdsOnly(): Plugin {
  return {
    name: "canon-message-ids-only",
    apply: "build",
    // On the source as written: the TypeScript transform drops the /*i18n*/ marks.
    enforce: "pre",
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || !code.includes("/*i18n*/")) return null;
      const stripped = withoutMessages(code);
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}

/** JSON read from its bytes, long strings left as spans of them (workers/search/json-bytes.ts). */
import { describe, expect, it } from "vitest";
import { ByteSpan, type ScannedJson, scanJson } from "../../workers/search/json-bytes.ts";

const bytesOf = (text: string) => new TextEncoder().encode(text);
const textOf = (span: ByteSpan) => new TextDecoder().decode(span.bytes.subarray(span.start, span.end));

/** The scanned value with its spans read as strings: what JSON.parse gives. */
function unspanned(value: ScannedJson): unknown {
  if (value instanceof ByteSpan) return textOf(value);
  if (Array.isArray(value)) return value.map(unspanned);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, unspanned(inner)]));
  return value;
}

describe("JSON read from its bytes", () => {
  it("is what JSON.parse gives, for every kind of value", () => {
    const values: unknown[] = [
      null,
      true,
      false,
      0,
      -12.5e3,
      "",
      '如是我聞 "quoted" \\ \n\t \u0001 𩘝',
      [],
      {},
      [1, [2, [3, {}]], "a"],
      { id: 7, doc_ids: [1, 2, 3], chars: 1e6, chunks: [["p0.16", "AAEC"]], nested: { deep: [null] } },
    ];
    for (const value of values) {
      const text = JSON.stringify(value, null, value && typeof value === "object" ? 2 : undefined);
      expect(unspanned(scanJson(bytesOf(text)))).toEqual(JSON.parse(text));
    }
  });

  it("leaves a long string without escapes as a span of the bytes, and decodes one with escapes", () => {
    const long = "QUJD".repeat(100);
    const escaped = `${"x".repeat(300)}\\n`;
    const bytes = bytesOf(
      `{"chunks":[["p1.2","${long}"],["p0.2","${escaped}"]],"short":"${"y".repeat(10)}"}`,
    );
    const value = scanJson(bytes, 256) as { chunks: [string, ScannedJson][]; short: ScannedJson };
    const span = value.chunks[0]?.[1];
    expect(span).toBeInstanceOf(ByteSpan);
    expect((span as ByteSpan).bytes).toBe(bytes);
    expect(textOf(span as ByteSpan)).toBe(long);
    expect(value.chunks[1]?.[1]).toBe(`${"x".repeat(300)}\n`);
    expect(value.short).toBe("y".repeat(10));
  });

  it("does not let a key set an object's prototype", () => {
    const value = scanJson(bytesOf('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(value.polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toEqual({ polluted: true });
  });

  it("refuses what is not JSON, naming the byte", () => {
    for (const text of ["", "{", '{"a" 1}', "[1,]", '"open', "nul", "1 2", "{}x", "--1"])
      expect(() => scanJson(bytesOf(text)), text).toThrow(SyntaxError);
  });
});

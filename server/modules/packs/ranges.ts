/**
 * The byte range a `Range` request header asks of a file of `size` bytes (RFC 9110 section 14):
 * one range `bytes=a-b`, `bytes=a-` or `bytes=-n`. A header that is not one such range is ignored
 * (the whole file is sent), as the RFC allows; a range that starts past the end is unsatisfiable.
 */
export type ByteRange =
  | { kind: "whole" }
  | { kind: "part"; start: number; end: number }
  | { kind: "unsatisfiable" };

const RANGE_RE = /^bytes=(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: "whole" };
  const match = RANGE_RE.exec(header.trim());
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end };
}

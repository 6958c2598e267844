/**
 * The markdown editor's toolbar as pure edits of a text and its selection: each takes the text
 * with the selected range and answers the new text with the range to select afterwards, so that
 * typing can go on where it makes sense (the sample words a button inserts are selected, to be
 * typed over).
 */

export type EditorText = { text: string; start: number; end: number };

const replaceRange = (state: EditorText, insert: string): string =>
  state.text.slice(0, state.start) + insert + state.text.slice(state.end);

/** The selection wrapped in `before` and `after` (`**bold**`); with none, the sample wrapped and selected. */
export function wrapSelection(state: EditorText, before: string, after: string, sample: string): EditorText {
  const selected = state.text.slice(state.start, state.end);
  const inner = selected === "" ? sample : selected;
  const start = state.start + before.length;
  return {
    text: replaceRange(state, `${before}${inner}${after}`),
    start,
    end: start + inner.length,
  };
}

/** From the start of the line `start` is on to the end of the line `end` is on. */
function lineRange(text: string, start: number, end: number): { from: number; to: number } {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  // A selection ending just after a line break does not take in the next line.
  const last = end > start && text[end - 1] === "\n" ? end - 1 : end;
  const next = text.indexOf("\n", last);
  return { from, to: next === -1 ? text.length : next };
}

/**
 * Line markers (`- `, `> `): put before every line the selection touches, or taken off when every
 * one of them has it already. An empty line gets the sample, selected.
 */
export function toggleLinePrefix(state: EditorText, prefix: string, sample: string): EditorText {
  return editLines(state, sample, (lines) => {
    const all = lines.every((line) => line.startsWith(prefix));
    return lines.map((line) => (all ? line.slice(prefix.length) : `${prefix}${line}`));
  });
}

const HEADING_MARK = /^#{1,6}[ \t]+/;

/** Lines made second-level headings (`## `), replacing another level; taken back to text when all are. */
export function toggleHeading(state: EditorText, sample: string): EditorText {
  const mark = "## ";
  return editLines(state, sample, (lines) => {
    const all = lines.every((line) => line.startsWith(mark));
    return lines.map((line) => (all ? line.slice(mark.length) : `${mark}${line.replace(HEADING_MARK, "")}`));
  });
}

function editLines(state: EditorText, sample: string, edit: (lines: string[]) => string[]): EditorText {
  const { from, to } = lineRange(state.text, state.start, state.end);
  const block = state.text.slice(from, to);
  const emptyLine = block === "";
  const lines = edit((emptyLine ? sample : block).split("\n"));
  const replaced = lines.join("\n");
  const text = state.text.slice(0, from) + replaced + state.text.slice(to);
  if (emptyLine) {
    const markLength = replaced.length - sample.length;
    return { text, start: from + markLength, end: from + replaced.length };
  }
  return { text, start: from, end: from + replaced.length };
}

const ADDRESS_SAMPLE = "https://";

/** `[text](https://)`: the selection (or the sample) as the link's text, the address selected. */
export function insertLink(state: EditorText, sample: string): EditorText {
  const selected = state.text.slice(state.start, state.end);
  const label = selected === "" ? sample : selected;
  const start = state.start + label.length + 3;
  return {
    text: replaceRange(state, `[${label}](${ADDRESS_SAMPLE})`),
    start,
    end: start + ADDRESS_SAMPLE.length,
  };
}

/** Code: inline for a selection on one line, a fenced block for one across lines. */
export function insertCode(state: EditorText, sample: string): EditorText {
  const selected = state.text.slice(state.start, state.end);
  if (!selected.includes("\n")) return wrapSelection(state, "`", "`", sample);
  const before = state.start > 0 && state.text[state.start - 1] !== "\n" ? "\n" : "";
  const body = selected.endsWith("\n") ? selected : `${selected}\n`;
  const start = state.start + before.length + 4;
  return {
    text: replaceRange(state, `${before}\`\`\`\n${body}\`\`\`\n`),
    start,
    end: start + body.length - 1,
  };
}

/** `snippet` in place of the selection, the cursor after it. */
export function insertAtCursor(state: EditorText, snippet: string): EditorText {
  const at = state.start + snippet.length;
  return { text: replaceRange(state, snippet), start: at, end: at };
}

const PARENTHESES: Record<string, string> = { "(": "%28", ")": "%29" };

/** An image as markdown, its address made safe for the link syntax (no spaces, brackets or parentheses). */
export const imageMarkdown = (url: string): string =>
  `![](${url.replace(/[\s()<>]/g, (c) => PARENTHESES[c] ?? encodeURIComponent(c))})`;

/**
 * Text of the collation apparatus in the reel reader: marks, note popover, "read as", the marks
 * switch and the quote-copy notes switch (simplified Chinese source). These are in the `more`
 * catalogue (src/i18n/catalogueGroups.ts): every part showing them loads after the collation part,
 * which waits for that catalogue.
 */
import type { MessageDescriptor } from "@lingui/core";

export const collationText = {
  // Followed by the place's number (0748028) in every language.
  mark: /*i18n*/ { id: "collation.mark", message: "校勘记" },
  title: /*i18n*/ { id: "collation.title", message: "校勘" },
  repeated: /*i18n*/ { id: "collation.repeated", message: "同前校记" },
  lemma: /*i18n*/ { id: "collation.lemma", message: "正文" },
  readings: /*i18n*/ { id: "collation.readings", message: "异文" },
  absent: /*i18n*/ { id: "collation.absent", message: "（无）" },
  refs: /*i18n*/ { id: "collation.refs", message: "参见" },
  notImported: /*i18n*/ { id: "collation.notImported", message: "本站未收" },
  readAs: /*i18n*/ { id: "collation.readAs", message: "阅读版本" },
  baseText: /*i18n*/ { id: "collation.baseText", message: "底本（CBETA）" },
  readingAs: /*i18n*/ { id: "collation.readingAs", message: "正在按此本阅读：" },
  readingHint: /*i18n*/ { id: "collation.readingHint", message: "与底本不同处以底色标出。" },
  backToBase: /*i18n*/ { id: "collation.backToBase", message: "回到底本" },
  readAsHint: /*i18n*/ { id: "collation.readAsHint", message: "点击版本名，可按该本阅读全卷。" },
  readAsWitness: /*i18n*/ { id: "collation.readAsWitness", message: "按此本阅读全卷" },
  marksShow: /*i18n*/ { id: "collation.marksShow", message: "显示校勘标记" },
  quoteNotes: /*i18n*/ { id: "collation.quoteNotes", message: "附校勘记" },
} satisfies Record<string, MessageDescriptor>;

/** What each kind of note is called in the popover. */
export const noteKindText = {
  orig: /*i18n*/ { id: "collation.note.orig", message: "大正藏原注" },
  mod: /*i18n*/ { id: "collation.note.mod", message: "CBETA 校订" },
  add: /*i18n*/ { id: "collation.note.add", message: "CBETA 补注" },
  foot: /*i18n*/ { id: "collation.note.foot", message: "注" },
  other: /*i18n*/ { id: "collation.note.other", message: "注" },
} satisfies Record<string, MessageDescriptor>;

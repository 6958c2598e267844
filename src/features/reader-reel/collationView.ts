/**
 * What the collation part (./collation, loaded after the text) hands the reel screen: the reel as
 * read, how to draw its lines with marks and readings, the marks switch for the settings, and the
 * notes of a quotation. Types only: nothing here loads with the screen.
 */
import type { ReactNode } from "react";
import type { Reel } from "../../../contract/canon.ts";
import type { LineSlice } from "./selection/quoteText.ts";

export type LineMatch = { keyword: string; first: number; current: number };

export type CollationView = {
  /** The reel the view was made for: a view of another reel is not shown. */
  of: Reel;
  /** The reel as read: its own text, or the chosen witness's readings in place. */
  reel: Reel;
  /** Read as another witness: the text no longer follows the scans. */
  witness: boolean;
  /** A line's content with its marks and readings; absent when neither shows. */
  line?: (cid: string, match: LineMatch) => ReactNode;
  /** The settings' switch for the marks. */
  setting: ReactNode;
  /** The footnote labels and notes of a quotation of the reel as read. */
  notes(slices: readonly LineSlice[]): {
    marks: Map<string, Map<number, string>>;
    notes: string[];
  };
};

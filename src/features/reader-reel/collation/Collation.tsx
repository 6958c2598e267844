/**
 * The reel's collation apparatus in the reader, loaded as its own part once the text shows: it
 * reads the apparatus in the reel's text form (from the offline library first), hands the screen
 * the view to draw the text with (useCollationView) and its rows for the reading settings, and
 * shows, where it is placed (above the text), which witness the reel is read as, and the popover of
 * the note whose mark is hovered or pressed. A reel with no apparatus shows nothing.
 */
import { makeStyles, Popover, PopoverSurface } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { Apparatus } from "../../../../contract/apparatus.ts";
import type { Reel } from "../../../../contract/canon.ts";
import { useServices } from "../../../app/shell/services.ts";
import { fetchApparatus } from "../../../offline/reading/apparatus.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import type { CollationView } from "../collationView.ts";
import type { ReadingSettings } from "../readingSettings.ts";
import { CollationSettings } from "./CollationSettings.tsx";
import { collationText as t } from "./messages.ts";
import { NoteCard, type ReadAs } from "./NoteCard.tsx";
import { linesOf, placeApparatus } from "./placement.ts";
import { ReadingAsBar } from "./ReadingAsBar.tsx";
import { useCollationView } from "./useCollationView.tsx";
import { useMarkFocus } from "./useMarkFocus.ts";
import { useNotePopover } from "./useNotePopover.ts";
import { readableWitnesses } from "./witnessNames.ts";

const useStyles = makeStyles({
  surface: {
    maxWidth: "min(380px, calc(100vw - 32px))",
    maxHeight: "min(60vh, 480px)",
    overflowY: "auto",
  },
});

export type CollationProps = {
  /** The reel shown (the last one while the next loads). */
  reel: Reel;
  settings: ReadingSettings;
  onSettings(next: ReadingSettings): void;
  /** The element holding the reel's lines, where the marks are. */
  textRef: RefObject<HTMLElement | null>;
  vertical: boolean;
  onView(view: CollationView | undefined): void;
};

/** The apparatus of this reel and form, when it has entries. */
const usable = (apparatus: Apparatus | null | undefined, reel: Reel): Apparatus | null =>
  apparatus &&
  apparatus.reel_uid === reel.reel_uid &&
  apparatus.txt_type === reel.txt_type &&
  apparatus.entries.length > 0
    ? apparatus
    : null;

export function Collation({ reel, settings, onSettings, textRef, vertical, onView }: CollationProps) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const load = useLoad(`${reel.reel_uid}|${reel.txt_type}`, (signal) =>
    fetchApparatus(api, reel.reel_uid, reel.txt_type, signal).catch(() => null),
  );
  const apparatus = usable(load.data, reel);
  const [chosen, setChosen] = useState<string | null>(null);
  const offered = useMemo(
    () => (apparatus ? readableWitnesses(apparatus.witnesses, apparatus.entries) : []),
    [apparatus],
  );
  // A witness chosen in one reel stays chosen in the next one that has its readings.
  const witness = chosen !== null && offered.includes(chosen) ? chosen : null;
  const placed = useMemo(
    () => (apparatus ? placeApparatus(linesOf(reel), apparatus.entries, witness) : null),
    [reel, apparatus, witness],
  );
  const drawn = useCollationView({ reel, apparatus, placed, witness, settings });

  // The screen hands new settings and a new callback on every render; the switch uses the latest.
  const latest = useRef({ settings, onSettings });
  latest.current = { settings, onSettings };
  const { notesShow } = settings;
  const view = useMemo((): CollationView | undefined => {
    if (!drawn) return undefined;
    const setting = (
      <CollationSettings
        offered={offered}
        witness={witness}
        onWitness={setChosen}
        marks={notesShow}
        onMarks={(marks) => latest.current.onSettings({ ...latest.current.settings, notesShow: marks })}
      />
    );
    return { ...drawn, setting };
  }, [drawn, offered, witness, notesShow]);
  useEffect(() => onView(view), [view, onView]);
  useEffect(() => () => onView(undefined), [onView]);

  const popover = useNotePopover(textRef);
  useMarkFocus(textRef);
  const { close } = popover;
  // A redrawn text has new marks: a popover would point at one no longer there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the redraw is the trigger.
  useEffect(() => close(), [view?.line, close]);
  const open = popover.open;
  const entry = open ? apparatus?.entries.find((e) => e.id === open.entry) : undefined;
  const readAs: ReadAs = { offered, witness, choose: setChosen };

  return (
    <>
      {witness !== null && <ReadingAsBar witness={witness} onBase={() => setChosen(null)} />}
      {open && entry && (
        <Popover
          open
          withArrow
          positioning={{ target: open.target, position: vertical ? "after" : "above" }}
          unstable_disableAutoFocus={!open.pinned}
          onOpenChange={(event, data) => {
            if (!data.open) popover.dismiss(event);
          }}
        >
          <PopoverSurface
            role="dialog"
            tabIndex={-1}
            aria-label={`${i18n._(t.title)} ${entry.n}`}
            className={styles.surface}
            onMouseEnter={popover.hold}
            onMouseLeave={popover.release}
            data-note-popover={entry.n}
          >
            <NoteCard entry={entry} readAs={readAs} />
          </PopoverSurface>
        </Popover>
      )}
    </>
  );
}

/**
 * The collation part's rows in the reading settings: which witness the reel is read as (the base
 * text first, then each witness with readings of its own here) and whether the marks show.
 */
import { Field, makeStyles, Select, Switch } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { collationText as t } from "./messages.ts";
import { witnessName } from "./witnessNames.ts";

// A native select is as wide as its longest option: long edition names must not widen the popover.
const useStyles = makeStyles({
  select: { minWidth: 0, maxWidth: "100%" },
  native: { minWidth: 0, textOverflow: "ellipsis" },
});

type Props = {
  offered: readonly string[];
  witness: string | null;
  onWitness(witness: string | null): void;
  marks: boolean;
  onMarks(marks: boolean): void;
};

/**
 * A value shown as the reader sets it. These rows reach the reading settings a render after the
 * collation part draws them, so the value the part hands back arrives a moment later: without
 * this, a switch would flick back for that moment.
 */
function useShownAtOnce<T>(value: T): [T, (next: T) => void] {
  const [shown, setShown] = useState(value);
  const [handed, setHanded] = useState(value);
  if (handed !== value) {
    setHanded(value);
    setShown(value);
  }
  return [shown, setShown];
}

export function CollationSettings({ offered, witness, onWitness, marks, onMarks }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [shownWitness, showWitness] = useShownAtOnce(witness);
  const [shownMarks, showMarks] = useShownAtOnce(marks);
  return (
    <>
      {offered.length > 0 && (
        <Field label={i18n._(t.readAs)}>
          <Select
            className={styles.select}
            select={{ className: styles.native }}
            name="read_as"
            value={shownWitness ?? ""}
            onChange={(_, data) => {
              const chosen = data.value === "" ? null : data.value;
              showWitness(chosen);
              onWitness(chosen);
            }}
          >
            <option value="">{i18n._(t.baseText)}</option>
            {offered.map((siglum) => (
              <option key={siglum} value={siglum}>
                {witnessName(siglum, i18n.locale)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Switch
        name="notes_show"
        checked={shownMarks}
        label={i18n._(t.marksShow)}
        onChange={(_, data) => {
          showMarks(data.checked);
          onMarks(data.checked);
        }}
      />
    </>
  );
}

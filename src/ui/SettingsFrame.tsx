/**
 * A settings popover: its button, and below it a column of setting rows. It is loaded by the
 * button's first press (SettingsButton in lazyPart.tsx), so it opens at once; a row's action may close it.
 */
import { Field, Popover, PopoverSurface, PopoverTrigger, Select } from "@fluentui/react-components";
import { type ReactElement, type ReactNode, useState } from "react";
import type { DataAttributes } from "./dataAttributes.ts";
import { useStackStyles } from "./stack.ts";

export function SettingsFrame({
  button,
  width,
  children,
  ...surface
}: {
  button: ReactElement;
  /** The column's width, a CSS length. */
  width: string;
  /** The rows, or the rows given a `close` that closes the popover. */
  children: ReactNode | ((close: () => void) => ReactNode);
} & DataAttributes) {
  const stack = useStackStyles();
  const [open, setOpen] = useState(true);
  return (
    <Popover positioning="below-end" open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <PopoverTrigger disableButtonEnhancement>{button}</PopoverTrigger>
      <PopoverSurface className={stack.s} style={{ width }} {...surface}>
        {typeof children === "function" ? children(() => setOpen(false)) : children}
      </PopoverSurface>
    </Popover>
  );
}

/** A setting chosen from a list: its label over a select of the choices, each with its text. */
export function ChoiceSetting<T extends string>(props: {
  label: string;
  name: string;
  value: T;
  choices: readonly T[];
  text(choice: T): string;
  onChange(choice: T): void;
}) {
  return (
    <Field label={props.label}>
      <Select
        name={props.name}
        value={props.value}
        onChange={(_, data) => {
          const chosen = props.choices.find((choice) => choice === data.value);
          if (chosen !== undefined) props.onChange(chosen);
        }}
      >
        {props.choices.map((choice) => (
          <option key={choice} value={choice}>
            {props.text(choice)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The visible columns of one table, read from and written to localStorage. */
import { useCallback, useState } from "react";
import { readColumns, writeColumns } from "./columns.ts";

export function useStoredColumns(
  storageKey: string,
  all: readonly string[],
  defaults: readonly string[],
): [string[], (visible: string[]) => void] {
  const [visible, setVisible] = useState(() => readColumns(window.localStorage, storageKey, all, defaults));
  const choose = useCallback(
    (next: string[]) => {
      setVisible(next);
      writeColumns(window.localStorage, storageKey, next);
    },
    [storageKey],
  );
  return [visible, choose];
}

/** The reading script (traditional or simplified text), remembered in localStorage. */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { Script } from "../../../contract/names.ts";
import { SCRIPT_KEY, storedScript } from "./scriptChoice.ts";

type ScriptState = { script: Script; setScript: (script: Script) => void };

const ScriptContext = createContext<ScriptState | null>(null);

export function ScriptProvider({ storage, children }: { storage: Storage; children: ReactNode }) {
  const [script, setScriptState] = useState<Script>(() => storedScript(storage));
  const setScript = useCallback(
    (next: Script) => {
      setScriptState(next);
      try {
        storage.setItem(SCRIPT_KEY, next);
      } catch {
        // Storage may be unavailable (private mode); the choice then lasts for this page only.
      }
    },
    [storage],
  );
  const value = useMemo(() => ({ script, setScript }), [script, setScript]);
  return <ScriptContext.Provider value={value}>{children}</ScriptContext.Provider>;
}

export function useScript(): ScriptState {
  const state = useContext(ScriptContext);
  if (!state) throw new Error("useScript outside ScriptProvider");
  return state;
}

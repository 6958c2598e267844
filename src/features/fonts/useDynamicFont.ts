/**
 * `useDynamicFont(text, tripitakaUid)`: finds the characters of a text that the installed fonts
 * cannot draw and makes them drawable with the dynamic font. Readers append `fontFamily` to the
 * font stack of their text; `missing` counts the characters that needed it and `ready` turns true
 * once all of them have a subset (or none was needed).
 */
import { startTransition, useEffect, useState } from "react";
import { DYNAMIC_FONT_FAMILY, DYNAMIC_FONT_NAME, neededCharsOf } from "../../../contract/font-chars.ts";
import type { ApiClient } from "../../api/client.ts";
import { fetchDynamicFont } from "../../api/fonts.ts";
import { useServices } from "../../app/shell/services.ts";
import { createFontLoader, type DynamicFontLoader, fontFaceRegistrar } from "./fontLoader.ts";
import { createFontStore } from "./fontStore.ts";

export type DynamicFont = { fontFamily: string; missing: number; ready: boolean };

export const DYNAMIC_FONT_STACK_ENTRY = `"${DYNAMIC_FONT_FAMILY}"`;

const loaders = new WeakMap<ApiClient, DynamicFontLoader>();

/** The app's one loader for this API client. */
export function dynamicFontLoader(api: ApiClient): DynamicFontLoader {
  let loader = loaders.get(api);
  if (!loader) {
    loader = createFontLoader({
      fontName: DYNAMIC_FONT_NAME,
      fetchSubset: (tripitakaUid, fontName, chars) => fetchDynamicFont(api, tripitakaUid, fontName, chars),
      store: createFontStore(),
      register: fontFaceRegistrar(document.fonts),
    });
    loaders.set(api, loader);
  }
  return loader;
}

type State = { missing: number; ready: boolean };

export function useDynamicFont(text: string, tripitakaUid: string): DynamicFont {
  const { api } = useServices();
  const [state, setState] = useState<State>({ missing: 0, ready: true });

  useEffect(() => {
    let live = true;
    // The probe (a worker and its messaging) loads with the first text that has chars to check.
    const undrawn = async (chars: readonly string[]) => (await import("./glyphProbe.ts")).undrawnChars(chars);
    // Reading the whole text for the characters it needs is a task of its own, apart from the
    // effects of the render that showed it.
    const checked = new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
      live ? neededCharsOf(text, undrawn) : [],
    );
    void checked.then((needed) => {
      const missing = needed.length;
      if (!live) return;
      // The reel view drawn again for it goes in slices; a text with nothing missing draws nothing.
      const ready = missing === 0;
      startTransition(() =>
        setState((current) =>
          current.missing === missing && current.ready === ready ? current : { missing, ready },
        ),
      );
      if (missing === 0 || tripitakaUid === "") return;
      dynamicFontLoader(api)
        .ensure(needed, tripitakaUid)
        .then(
          () => {
            if (live) startTransition(() => setState({ missing, ready: true }));
          },
          () => {
            // Offline or refused: those characters keep the system's box until the next text.
          },
        );
    });
    return () => {
      live = false;
    };
  }, [api, text, tripitakaUid]);

  return { fontFamily: DYNAMIC_FONT_STACK_ENTRY, ...state };
}

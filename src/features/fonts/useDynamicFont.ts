/**
 * `useDynamicFont(text, tripitakaUid)`: finds the characters of a text that the installed fonts
 * cannot draw and makes them drawable with the dynamic font. Readers append `fontFamily` to the
 * font stack of their text; `missing` counts the characters that needed it and `ready` turns true
 * once all of them have a subset (or none was needed).
 */
import { useEffect, useState } from "react";
import type { ApiClient } from "../../api/client.ts";
import { fetchDynamicFont } from "../../api/fonts.ts";
import { useServices } from "../../app/shell/services.ts";
import { DYNAMIC_FONT_FAMILY, DYNAMIC_FONT_NAME, neededChars } from "./fontChars.ts";
import { createFontLoader, type DynamicFontLoader, fontFaceRegistrar } from "./fontLoader.ts";
import { createFontStore } from "./fontStore.ts";
import { createGlyphProbe, type GlyphProbe } from "./glyphProbe.ts";

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

let probe: GlyphProbe | undefined;
/** Answers for this document, cached per character; without canvas text every glyph counts as there. */
function installedGlyph(char: string): boolean {
  probe ??= createGlyphProbe(document) ?? (() => true);
  return probe(char);
}

type State = { missing: number; ready: boolean };

export function useDynamicFont(text: string, tripitakaUid: string): DynamicFont {
  const { api } = useServices();
  const [state, setState] = useState<State>({ missing: 0, ready: true });

  useEffect(() => {
    const needed = neededChars(text, installedGlyph);
    const missing = needed.length;
    setState({ missing, ready: missing === 0 });
    if (missing === 0 || tripitakaUid === "") return;
    let live = true;
    dynamicFontLoader(api)
      .ensure(needed, tripitakaUid)
      .then(
        () => {
          if (live) setState({ missing, ready: true });
        },
        () => {
          // Offline or refused: those characters keep the system's box until the next text.
        },
      );
    return () => {
      live = false;
    };
  }, [api, text, tripitakaUid]);

  return { fontFamily: DYNAMIC_FONT_STACK_ENTRY, ...state };
}

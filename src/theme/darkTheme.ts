/** The night-reading theme, built with the app (themeBuild.ts), in a chunk of its own. */
import type { Theme } from "@fluentui/react-components";

declare const __CANON_DARK_THEME__: Theme;

export const darkTheme: Theme = __CANON_DARK_THEME__;

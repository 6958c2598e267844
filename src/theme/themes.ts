/**
 * The themes the app paints with: the light theme with the app's start; the dark one (night
 * reading) from its own chunk, asked for as soon as it may be wanted (src/theme/darkThemeLoad.ts).
 * Both were built with the app (themeBuild.ts).
 */
import type { Theme } from "@fluentui/react-components";

declare const __CANON_LIGHT_THEME__: Theme;

export const lightTheme: Theme = __CANON_LIGHT_THEME__;

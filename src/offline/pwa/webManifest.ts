/**
 * The installed app's web manifests, one per interface language (a manifest has a single `lang`,
 * and browsers read the names of the one the page links). The build writes each as
 * `/manifest.{locale}.webmanifest`; the page links the one of its active language.
 */
import type { AppLocale } from "../../i18n/locale.ts";

export const THEME_COLOUR = "#987444";
export const BACKGROUND_COLOUR = "#ffffff";

type ManifestText = { name: string; short_name: string; description: string };

/** The product's name is the app title of each catalogue (`app.title`). */
const text: Record<AppLocale, ManifestText> = {
  "zh-CN": {
    name: "藏经阅读",
    short_name: "藏经阅读",
    description: "按卷或按页阅读、检索与研究汉文大藏经，下载后可离线使用",
  },
  "zh-TW": {
    name: "藏經閱讀",
    short_name: "藏經閱讀",
    description: "按卷或按頁閱讀、檢索與研究漢文大藏經，下載後可離線使用",
  },
  en: {
    name: "Canon Reader",
    short_name: "Canon Reader",
    description: "Read, search and study the Chinese Buddhist canons by reel or by page, also offline",
  },
};

export const MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

export const manifestPath = (locale: AppLocale): string => `/manifest.${locale}.webmanifest`;

export function webManifest(locale: AppLocale) {
  return {
    id: "/",
    ...text[locale],
    lang: locale,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: MANIFEST_ICONS,
    categories: ["books", "education", "reference"],
  } as const;
}

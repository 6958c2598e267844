/**
 * The parts of a plan the reader keeps: the dialog asks the server once for the texts with pages
 * and images and shows each part's size; unticking pages or images drops them from the plan
 * before the download starts (images need their pages, so they keep them).
 */
import type { OfflinePlan } from "../../../contract/offline.ts";

export type PlanChoice = { pages: boolean; images: boolean };

export function choosePlanParts(plan: OfflinePlan, choice: PlanChoice): OfflinePlan {
  const withImages = choice.images && plan.files.length > 0;
  const withPages = choice.pages || withImages;
  const pages = withPages ? plan.pages : [];
  const files = withImages ? plan.files : [];
  const pageBytes = pages.reduce((n, page) => n + page.bytes, 0);
  const imageBytes = files.reduce((n, file) => n + file.bytes, 0);
  return {
    ...plan,
    with_pages: withPages,
    with_images: withImages,
    pages,
    files,
    totals: {
      ...plan.totals,
      pages: pages.length,
      files: files.length,
      page_bytes: pageBytes,
      image_bytes: imageBytes,
      total_bytes: plan.totals.text_bytes + pageBytes + imageBytes,
    },
  };
}

/** Whether the chosen parts leave anything to download. */
export const hasContent = (plan: OfflinePlan): boolean => plan.reels.length > 0 || plan.pages.length > 0;

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** Bytes for people: 1 decimal from KB up (1024-based, as storage panels count). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * Every sutra of a tripitaka, fetched once and then refreshed with only the sutras changed since
 * the last answer (spec section 4: the sutra list refreshes incrementally from last_updated_time).
 */
import type { Sutra } from "../../../contract/canon.ts";

export type SutraIndex = { sutras: Sutra[]; lastUpdated: number };

/** Changed sutras replace their old entries in place; new ones go at the end. */
export function mergeSutraIndex(
  current: SutraIndex | undefined,
  answer: { sutras: Sutra[]; last_updated_time: number },
): SutraIndex {
  if (!current) return { sutras: answer.sutras, lastUpdated: answer.last_updated_time };
  const changed = new Map(answer.sutras.map((sutra) => [sutra.uid, sutra]));
  const kept = current.sutras.map((sutra) => changed.get(sutra.uid) ?? sutra);
  const known = new Set(current.sutras.map((sutra) => sutra.uid));
  return {
    sutras: [...kept, ...answer.sutras.filter((sutra) => !known.has(sutra.uid))],
    lastUpdated: Math.max(current.lastUpdated, answer.last_updated_time),
  };
}

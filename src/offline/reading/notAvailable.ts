/** The error the readers get when what they ask for is neither downloaded nor reachable. */
import type { TxtType } from "../../../contract/tripitaka.ts";

export type OfflineItem =
  /** `stored`: the text forms of this reel that are downloaded (none when the reel is not). */
  | { kind: "reel"; uid: string; txtType: TxtType; stored: TxtType[] }
  | { kind: "page"; uid: string }
  | { kind: "sutra"; uid: string }
  /** A list over a whole tripitaka (sutras, config lists, books, scanned page names). */
  | { kind: "catalogue"; uid: string }
  | { kind: "tripitakas" }
  /** An article (help, an introduction, news) never opened online on this device. */
  | { kind: "article"; uid: string };

export class NotAvailableOffline extends Error {
  override readonly name = "NotAvailableOffline";
  constructor(
    readonly item: OfflineItem,
    options?: { cause?: unknown },
  ) {
    super(`not available offline: ${item.kind}${"uid" in item ? ` ${item.uid}` : ""}`, options);
  }
}

export const isNotAvailableOffline = (error: unknown): error is NotAvailableOffline =>
  error instanceof NotAvailableOffline;

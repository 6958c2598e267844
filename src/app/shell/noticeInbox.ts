/**
 * Notices on their way to the notice host. The host loads on the first notice, so whatever
 * arrives before it mounts waits here and is shown, in order, as soon as it attaches.
 */
export type ShownNotice =
  | { kind: "toast"; text: string; intent: "error" | "success" }
  /** The 429 modal. */
  | { kind: "rateLimited" };

export type NoticeInbox = {
  post(notice: ShownNotice): void;
  /** Hands over what is waiting, then everything posted until the returned detach is called. */
  attach(show: (notice: ShownNotice) => void): () => void;
};

export function createNoticeInbox(): NoticeInbox {
  const waiting: ShownNotice[] = [];
  let host: ((notice: ShownNotice) => void) | null = null;
  return {
    post(notice) {
      if (host) host(notice);
      else waiting.push(notice);
    },
    attach(show) {
      host = show;
      for (const notice of waiting.splice(0)) show(notice);
      return () => {
        if (host === show) host = null;
      };
    },
  };
}

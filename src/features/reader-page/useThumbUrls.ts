/**
 * Thumbnail addresses of scanned pages, asked as they are wanted: the pages newly wanted in one
 * render go in one request (`GET /v1/page_thumbs`, at most PAGE_THUMBS_MAX a time). Thumbnails are
 * never counted against the page-image view limit, unlike the scan a page view shows.
 */
import { useEffect, useRef, useState } from "react";
import { PAGE_THUMBS_MAX } from "../../../contract/page-rules.ts";
import { useServices } from "../../app/shell/services.ts";
import { fetchPageThumbs } from "../../offline/reading/reading.ts";

export function useThumbUrls(wanted: readonly string[]): ReadonlyMap<string, string | null> {
  const { api } = useServices();
  const [urls, setUrls] = useState<ReadonlyMap<string, string | null>>(() => new Map());
  const known = useRef(urls);
  known.current = urls;
  const pending = useRef(new Set<string>());
  const controller = useRef<AbortController | null>(null);

  // Requests end with the list; whatever was pending then is asked again if it comes back.
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => {
      current.abort();
      pending.current.clear();
    };
  }, []);

  const key = wanted.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the contents of `wanted`.
  useEffect(() => {
    const signal = controller.current?.signal;
    if (!signal || signal.aborted) return;
    const asked = wanted.filter((uid) => !known.current.has(uid) && !pending.current.has(uid));
    for (let at = 0; at < asked.length; at += PAGE_THUMBS_MAX) {
      const batch = asked.slice(at, at + PAGE_THUMBS_MAX);
      for (const uid of batch) pending.current.add(uid);
      const settle = (thumbs: Readonly<Record<string, string | null>>) => {
        if (signal.aborted) return;
        for (const uid of batch) pending.current.delete(uid);
        setUrls((prev) => {
          const next = new Map(prev);
          for (const uid of batch) next.set(uid, thumbs[uid] ?? null);
          return next;
        });
      };
      fetchPageThumbs(api, batch, signal).then(settle, () => settle({}));
    }
  }, [key, api]);
  return urls;
}

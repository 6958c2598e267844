/** Thumbnail addresses of scanned pages, asked once each (`/v1/img/{page_uid}`) as they are wanted. */
import { useEffect, useRef, useState } from "react";
import { useServices } from "../../app/shell/services.ts";
import { fetchPageImage } from "../../offline/reading/reading.ts";

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
    for (const uid of wanted) {
      if (known.current.has(uid) || pending.current.has(uid)) continue;
      pending.current.add(uid);
      const settle = (url: string | null) => {
        if (signal.aborted) return;
        pending.current.delete(uid);
        setUrls((prev) => new Map(prev).set(uid, url));
      };
      fetchPageImage(api, uid, signal).then(
        (image) => settle(image.thumb_url ?? image.url),
        () => settle(null),
      );
    }
  }, [key, api]);
  return urls;
}

/**
 * Texts read from the store or the library, kept while they fit: least recently used first out
 * once the kept texts pass a number of chars. A text longer than the whole limit is not kept.
 */

export type TextCache<T> = {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  delete(key: string): void;
  clear(): void;
  /** Chars kept now. */
  readonly chars: number;
};

export function createTextCache<T>(limitChars: number, charsOf: (value: T) => number): TextCache<T> {
  const kept = new Map<string, { value: T; chars: number }>();
  let chars = 0;
  const remove = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    chars -= entry.chars;
  };
  return {
    get(key) {
      const entry = kept.get(key);
      if (!entry) return undefined;
      kept.delete(key);
      kept.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      remove(key);
      const size = charsOf(value);
      if (size > limitChars) return;
      kept.set(key, { value, chars: size });
      chars += size;
      for (const oldest of kept.keys()) {
        if (chars <= limitChars) break;
        remove(oldest);
      }
    },
    delete: remove,
    clear() {
      kept.clear();
      chars = 0;
    },
    get chars() {
      return chars;
    },
  };
}

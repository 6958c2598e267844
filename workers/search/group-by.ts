/** The values of `list` by key, each group in the list's order. */
export function groupBy<T, K>(list: readonly T[], keyOf: (value: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const value of list) {
    const group = map.get(keyOf(value));
    if (group) group.push(value);
    else map.set(keyOf(value), [value]);
  }
  return map;
}

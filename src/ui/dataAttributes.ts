/** `data-*` attributes a shared part passes on to its element, as hooks for the tests. */
export type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

/**
 * FlexSearch's IndexedDB adapter finds the database factory as `window.indexedDB` when its module
 * loads, and a worker has no `window`: this module, imported before it, gives the worker one.
 */
const scope = globalThis as { window?: unknown };
scope.window ??= globalThis;

import type { Locator } from "playwright-core";

/**
 * Clicks an accordion item's header and resolves once its panel has finished expanding. Fluent's
 * expand motion grows the panel's padding, moving what is inside; a click aimed at a link in it
 * while it moves can be released over the part above it.
 */
export async function expandItem(item: Locator): Promise<void> {
  await item.getByRole("button").first().click();
  await settled(item);
}

/** Resolves once every animation running in `region` (and below it) has finished. */
export async function settled(region: Locator): Promise<void> {
  await region.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)).then(
      () => undefined,
    ),
  );
}

/**
 * The catalog tab's tree: a tripitaka's categories, each with its sutras (then their reels), built
 * from the tripitaka's full sutra list, since the server offers no category tree of its own.
 */
import type { Sutra } from "../../../contract/canon.ts";

export type CategoryBranch = {
  /** "category-{id}", or "category-none" for sutras without a category. */
  key: string;
  /** traditional|simplified, or null for the sutras without a category. */
  name: string | null;
  sutras: Sutra[];
};

/** Categories in id order, sutras in the list's order; sutras without a category come last. */
export function categoryTree(sutras: readonly Sutra[]): CategoryBranch[] {
  const branches = new Map<number, { name: string; sutras: Sutra[] }>();
  const loose: Sutra[] = [];
  for (const sutra of sutras) {
    if (sutra.categories.length === 0) loose.push(sutra);
    for (const category of sutra.categories) {
      const branch = branches.get(category.id) ?? { name: category.name, sutras: [] };
      branch.sutras.push(sutra);
      branches.set(category.id, branch);
    }
  }
  const tree: CategoryBranch[] = [...branches.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, branch]) => ({ key: `category-${id}`, name: branch.name, sutras: branch.sutras }));
  if (loose.length > 0) tree.push({ key: "category-none", name: null, sutras: loose });
  return tree;
}

/** Branches whose category or sutras match `filter` (a sutra name or uid fragment). */
export function filterTree(tree: readonly CategoryBranch[], filter: string): CategoryBranch[] {
  const needle = filter.trim().toLowerCase();
  if (needle === "") return [...tree];
  return tree.flatMap((branch) => {
    if (branch.name?.toLowerCase().includes(needle)) return [branch];
    const sutras = branch.sutras.filter(
      (sutra) => sutra.name.toLowerCase().includes(needle) || sutra.uid.toLowerCase().includes(needle),
    );
    return sutras.length > 0 ? [{ ...branch, sutras }] : [];
  });
}

/** The catalogue heading a line stands under: the last contents node at or before it in the reel. */
import type { CatalogNode, Reel } from "../../../../contract/canon.ts";

/** Every node, parents before their children, in reading order. */
function preorder(tree: readonly CatalogNode[]): CatalogNode[] {
  return tree.flatMap((node) => [node, ...preorder(node.children)]);
}

export function headlineAt(
  tree: readonly CatalogNode[],
  reel: Reel,
  cid: string,
  script: "trad" | "sim",
): string | null {
  const order = new Map(
    reel.pages.flatMap((page) => page.lines).map((line, index) => [line.cid, index] as const),
  );
  const at = order.get(cid);
  if (at === undefined) return null;
  let best: CatalogNode | null = null;
  let bestIndex = -1;
  for (const node of preorder(tree)) {
    const index = node.reel_uid === reel.reel_uid ? order.get(node.line_uid) : undefined;
    // Ties go to the later node: a child opening on its parent's line names the text more closely.
    if (index !== undefined && index <= at && index >= bestIndex) {
      best = node;
      bestIndex = index;
    }
  }
  const name = best ? (script === "sim" ? best.sim_txt : best.std_txt).trim() : "";
  return name || null;
}

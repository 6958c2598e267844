/**
 * A sutra's contents tree as the side panel shows it (spec sections 3 and 9): every node gets a
 * unique value from its position (the server's keys repeat when a heading and its first child
 * start on the same line), and the tree opens fully when it has 500 nodes or fewer.
 */
import type { CatalogNode } from "../../../contract/canon.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";

export const EXPAND_ALL_MAX_NODES = 500;

export type TreeEntry = {
  value: string;
  node: CatalogNode;
  children: TreeEntry[];
};

/** The tree with position values ("0", "0.2", "0.2.1"). */
export function indexTree(nodes: readonly CatalogNode[], prefix = ""): TreeEntry[] {
  return nodes.map((node, i) => {
    const value = prefix === "" ? String(i) : `${prefix}.${i}`;
    return { value, node, children: indexTree(node.children, value) };
  });
}

export function countNodes(entries: readonly TreeEntry[]): number {
  return entries.reduce((sum, entry) => sum + 1 + countNodes(entry.children), 0);
}

function branches(entries: readonly TreeEntry[], keep: (entry: TreeEntry) => boolean): string[] {
  return entries.flatMap((entry) =>
    entry.children.length > 0 && keep(entry)
      ? [entry.value, ...branches(entry.children, keep)]
      : branches(entry.children, keep),
  );
}

const holdsReel = (entry: TreeEntry, reelUid: string): boolean =>
  entry.node.reel_uid === reelUid || entry.children.some((child) => holdsReel(child, reelUid));

/** The branches open at first: all of them in a small tree, else those leading into the current reel. */
export function initialOpenItems(entries: readonly TreeEntry[], reelUid: string): string[] {
  if (countNodes(entries) <= EXPAND_ALL_MAX_NODES) return branches(entries, () => true);
  return branches(entries, (entry) => holdsReel(entry, reelUid));
}

/** The node's label in the reel's script: simplified for simplified text, else traditional. */
export const nodeLabel = (node: CatalogNode, txtType: TxtType): string =>
  txtType === "sim_txt" ? node.sim_txt : node.std_txt;

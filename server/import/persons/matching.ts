/**
 * Which SNA node is which authority person. The SNA nodes carry only a name, and names repeat
 * (several monks are called 道安 or 玄奘), so a node is tied to an authority id only on evidence:
 *
 * 1. Biography evidence. An SNA relation cites the biography file it was read from
 *    (`File: 0016jiuMoLuoShi.xml, CBETA lines: …`). When that file is one of ours and exactly one
 *    person key in it is written with exactly the node's name (`<persName key="A001583">鳩摩羅什`),
 *    the node is that key. Every such citation of a node must point to the same key.
 * 2. Catalogue evidence. The node's name is the name of exactly one catalogue creator
 *    (all-creators.json) and of no other authority person, no other SNA node has that name, and
 *    one of the node's dynasties is a dynasty of that creator's works (written alike, or the same
 *    dynasty under another of its names, see DYNASTY_NAMES).
 *
 * A key claimed by two nodes keeps neither. Every other node stands alone under its node id.
 */
import type { SnaPerson, SnaRelation } from "./sna.ts";

/** Names the catalogue gives a dynasty that the SNA writes otherwise (one dynasty, two names). */
const DYNASTY_NAMES: Record<string, readonly string[]> = {
  宋: ["北宋", "南宋"],
  姚秦: ["後秦"],
  符秦: ["前秦"],
  苻秦: ["前秦"],
  梁: ["南梁"],
  蕭齊: ["南齊"],
  元魏: ["北魏"],
  後魏: ["北魏"],
  高齊: ["北齊"],
  宇文周: ["北周"],
  乞伏秦: ["西秦"],
};

const sameDynastyNames = (dynasty: string): string[] => [dynasty, ...(DYNASTY_NAMES[dynasty] ?? [])];

export type MatchInput = {
  snaPersons: readonly SnaPerson[];
  snaRelations: readonly SnaRelation[];
  /** Biography file name (`0016jiuMoLuoShi.xml`) → person key → the name forms written there. */
  biographyNames: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, number>>>;
  /** The name of every authority person: catalogue creators and biography persons. */
  authorityNames: ReadonlyMap<string, string>;
  creatorNames: ReadonlyMap<string, string>;
  creatorDynasties: ReadonlyMap<string, ReadonlySet<string>>;
};

export type MatchResult = {
  /** SNA node id → authority key. */
  byNode: Map<number, string>;
  byBiography: number;
  byCatalogue: number;
};

const FILE_RE = /^File:\s*([^,\s]+\.xml)/;

function biographyEvidence(input: MatchInput, nameOf: Map<number, string>): Map<number, string> {
  const claims = new Map<number, Set<string>>();
  const claim = (nodeId: number, file: string): void => {
    const name = nameOf.get(nodeId);
    const keys = input.biographyNames.get(file);
    if (name === undefined || !keys) return;
    const found = [...keys].filter(([, forms]) => forms.has(name)).map(([key]) => key);
    if (found.length === 0) return;
    const set = claims.get(nodeId) ?? new Set<string>();
    // A file with two keys written alike is a claim that cannot hold.
    set.add(found.length === 1 ? (found[0] as string) : "");
    claims.set(nodeId, set);
  };
  for (const relation of input.snaRelations) {
    const file = FILE_RE.exec(relation.ref)?.[1];
    if (!file || !input.biographyNames.has(file)) continue;
    claim(relation.sourceId, file);
    claim(relation.targetId, file);
  }
  const matched = new Map<number, string>();
  for (const [nodeId, keys] of claims) {
    const [only] = keys;
    if (keys.size === 1 && only) matched.set(nodeId, only);
  }
  return matched;
}

function catalogueEvidence(input: MatchInput, taken: Map<number, string>): Map<number, string> {
  const nodesByName = new Map<string, SnaPerson[]>();
  for (const person of input.snaPersons) {
    const list = nodesByName.get(person.name) ?? [];
    list.push(person);
    nodesByName.set(person.name, list);
  }
  const keysByName = new Map<string, string[]>();
  for (const [key, name] of input.authorityNames) {
    const list = keysByName.get(name) ?? [];
    list.push(key);
    keysByName.set(name, list);
  }
  const takenKeys = new Set(taken.values());
  const matched = new Map<number, string>();
  for (const [key, name] of input.creatorNames) {
    const nodes = nodesByName.get(name);
    const keys = keysByName.get(name);
    if (nodes?.length !== 1 || keys?.length !== 1 || takenKeys.has(key)) continue;
    const node = nodes[0] as SnaPerson;
    if (taken.has(node.nodeId)) continue;
    const workDynasties = new Set([...(input.creatorDynasties.get(key) ?? [])].flatMap(sameDynastyNames));
    if (node.dynasty.split(/\s+/).some((dynasty) => workDynasties.has(dynasty)))
      matched.set(node.nodeId, key);
  }
  return matched;
}

export function matchSnaToAuthority(input: MatchInput): MatchResult {
  const nameOf = new Map(input.snaPersons.map((person) => [person.nodeId, person.name]));
  const fromBiographies = biographyEvidence(input, nameOf);
  const fromCatalogue = catalogueEvidence(input, fromBiographies);
  const all = new Map([...fromBiographies, ...fromCatalogue]);
  const nodesOfKey = new Map<string, number>();
  for (const key of all.values()) nodesOfKey.set(key, (nodesOfKey.get(key) ?? 0) + 1);
  const byNode = new Map([...all].filter(([, key]) => nodesOfKey.get(key) === 1));
  let byBiography = 0;
  for (const nodeId of byNode.keys()) if (fromBiographies.has(nodeId)) byBiography++;
  return { byNode, byBiography, byCatalogue: byNode.size - byBiography };
}

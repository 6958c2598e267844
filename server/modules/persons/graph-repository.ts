/**
 * The teacher–student graph around a person: a breadth-first walk over teacher_of relations in
 * either direction, one query per step, stopping at the depth asked for or at `maxNodes` persons
 * (the nodes of a step are taken in id order, so a cut graph is the same on every database).
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { SUMMARY_COLUMNS } from "./person-repository.ts";

type Db = Kysely<Database>;

const IDS_PER_QUERY = 500;

async function teacherEdgesTouching(db: Db, ids: readonly string[]) {
  const rows: { source_id: string; target_id: string }[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const part = ids.slice(i, i + IDS_PER_QUERY);
    rows.push(
      ...(await db
        .selectFrom("person_relation")
        .select(["source_id", "target_id"])
        .where("kind", "=", "teacher_of")
        .where((eb) => eb.or([eb("source_id", "in", part), eb("target_id", "in", part)]))
        .execute()),
    );
  }
  return rows;
}

export async function teacherGraph(db: Db, center: string, depth: number, maxNodes: number) {
  const depthOf = new Map<string, number>([[center, 0]]);
  let frontier = [center];
  let truncated = false;
  for (let step = 1; step <= depth && frontier.length > 0; step++) {
    const reached = new Set<string>();
    for (const edge of await teacherEdgesTouching(db, frontier))
      for (const id of [edge.source_id, edge.target_id]) if (!depthOf.has(id)) reached.add(id);
    const next = [...reached].sort();
    const room = maxNodes - depthOf.size;
    if (next.length > room) truncated = true;
    frontier = next.slice(0, Math.max(0, room));
    for (const id of frontier) depthOf.set(id, step);
  }
  const ids = [...depthOf.keys()];
  const edges = (await teacherEdgesTouching(db, ids))
    .filter((edge) => depthOf.has(edge.source_id) && depthOf.has(edge.target_id))
    .map((edge) => ({ source: edge.source_id, target: edge.target_id }));
  const unique = new Map(edges.map((edge) => [`${edge.source}\u0000${edge.target}`, edge]));
  const persons = await db
    .selectFrom("person")
    .select(SUMMARY_COLUMNS)
    .where("person.id", "in", ids)
    .execute();
  const nodes = persons
    .map((person) => ({ ...person, depth: depthOf.get(person.id) ?? 0 }))
    .sort((a, b) => a.depth - b.depth || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const sortedEdges = [...unique.values()].sort((a, b) =>
    a.source === b.source ? (a.target < b.target ? -1 : 1) : a.source < b.source ? -1 : 1,
  );
  return { nodes, edges: sortedEdges, truncated };
}

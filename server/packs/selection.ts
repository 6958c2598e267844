/**
 * What a pack holds: a whole tripitaka, one sutra, or a list of sutras of one tripitaka given on
 * the command line or in a group file. A group file is either
 *   - JSON (`*.json`): `{ "name": "心经组", "sutra_uids": ["T0251", "T0235"] }`, or
 *   - text: one sutra uid per line, `#` starting a comment; the group is named after the file
 *     (`heart-sutras.txt` → "heart-sutras") unless a name is given.
 * A list becomes a download of kind "group" whose name (at most 20 chars, as a reader's group)
 * labels it.
 */
import { readFile, stat } from "node:fs/promises";
import { basename, extname } from "node:path";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DownloadScope } from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { Database } from "../db/schema.ts";
import { chunks, IN_CHUNK } from "../modules/canon/reel-reads.ts";
import { resolveScope } from "../modules/offline/scope.ts";

type Db = Kysely<Database>;

export type PackSelection = {
  tripitakaUid: string;
  scope: DownloadScope;
  /** simplified|traditional, as a plan's label. */
  label: string;
  /** In catalogue order. */
  sutraUids: string[];
  /** Every page of the tripitaka (a whole-tripitaka pack), not only its reels'. */
  allPages: boolean;
};

/** The parts a pack holds besides its catalogue rows. */
export type PackForms = { txtTypes: TxtType[]; withPages: boolean; withImages: boolean };

export const GROUP_NAME_MAX = 20;

export class PackSelectionError extends Error {
  override readonly name = "PackSelectionError";
}

export type GroupFile = { name: string; sutraUids: string[] };

const groupJson = z.object({
  name: z.string().trim().min(1).max(GROUP_NAME_MAX),
  sutra_uids: z.array(z.string().trim().min(1)).min(1),
});

export async function readGroupFile(path: string): Promise<GroupFile> {
  const text = await readFile(path, "utf8");
  if (extname(path).toLowerCase() === ".json") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new PackSelectionError(`${path}: not valid JSON`);
    }
    const parsed = groupJson.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new PackSelectionError(`${path}: ${issue?.path.join(".") ?? ""} ${issue?.message ?? "invalid"}`);
    }
    return { name: parsed.data.name, sutraUids: parsed.data.sutra_uids };
  }
  const sutraUids = text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, "").trim())
    .filter((line) => line !== "");
  if (sutraUids.length === 0) throw new PackSelectionError(`${path}: lists no sutra uids`);
  return { name: basename(path, extname(path)), sutraUids };
}

/** A whole tripitaka: its sutras and every page. */
export async function selectTripitaka(db: Db, tripitakaUid: string): Promise<PackSelection> {
  const scope: DownloadScope = { kind: "tripitaka" };
  const content = await resolveScope(db, tripitakaUid, scope, null);
  return { tripitakaUid, scope, label: content.label, sutraUids: content.sutraUids, allPages: true };
}

/**
 * Sutras of one tripitaka: one sutra is a download of that sutra, several a group named `name`
 * (default: the first uid and how many there are).
 */
export async function selectSutras(db: Db, uids: readonly string[], name?: string): Promise<PackSelection> {
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) throw new PackSelectionError("no sutra uids given");
  const rows: { uid: string; tripitaka_uid: string; sn: number }[] = [];
  for (const part of chunks(wanted, IN_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom("sutra")
        .select(["uid", "tripitaka_uid", "sn"])
        .where("uid", "in", part)
        .execute()),
    );
  }
  const unknown = wanted.filter((uid) => !rows.some((row) => row.uid === uid));
  if (unknown.length > 0) throw new PackSelectionError(`unknown sutras: ${unknown.join(", ")}`);
  const tripitakas = [...new Set(rows.map((row) => row.tripitaka_uid))];
  if (tripitakas.length !== 1)
    throw new PackSelectionError(`a pack holds sutras of one tripitaka, not of ${tripitakas.join(", ")}`);
  const tripitakaUid = tripitakas[0] as string;
  const sutraUids = rows.sort((a, b) => a.sn - b.sn).map((row) => row.uid);
  if (sutraUids.length === 1 && name === undefined) {
    const scope: DownloadScope = { kind: "sutra", sutra_uid: sutraUids[0] as string };
    const content = await resolveScope(db, tripitakaUid, scope, null);
    return { tripitakaUid, scope, label: content.label, sutraUids, allPages: false };
  }
  const groupName = (name ?? `${sutraUids[0]}等${sutraUids.length}部`).trim();
  if (groupName === "" || groupName.length > GROUP_NAME_MAX)
    throw new PackSelectionError(`a group's name has 1 to ${GROUP_NAME_MAX} chars: "${groupName}"`);
  return {
    tripitakaUid,
    scope: { kind: "group", group_name: groupName },
    label: `${groupName}|${groupName}`,
    sutraUids,
    allPages: false,
  };
}

/**
 * The selection the command line names: a group file (a path to an existing file), a tripitaka uid,
 * or sutra uids.
 */
export async function selectionOfArgs(
  db: Db,
  args: readonly string[],
  name?: string,
): Promise<PackSelection> {
  if (args.length === 0) throw new PackSelectionError("name a tripitaka, sutras or a group file");
  const [first] = args;
  if (args.length === 1 && first !== undefined) {
    if (await isFile(first)) {
      const group = await readGroupFile(first);
      return selectSutras(db, group.sutraUids, name ?? group.name);
    }
    const tripitaka = await db
      .selectFrom("tripitaka")
      .select("uid")
      .where("uid", "=", first)
      .executeTakeFirst();
    if (tripitaka) return selectTripitaka(db, tripitaka.uid);
  }
  return selectSutras(db, args, name);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

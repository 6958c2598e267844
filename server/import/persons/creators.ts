/**
 * The catalogue's side of the person authority: the name of every creator id
 * (`metadata/cbeta-metadata/creators/all-creators.json`) and the dynasties of the works each one
 * made (`metadata/authority-catalog/*.json`, an entry's `dynasty` and its `contributors`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export type Creators = {
  names: Map<string, string>;
  dynasties: Map<string, Set<string>>;
  /** The files read, for the import's source hash. */
  files: string[];
};

const creatorList = z.array(z.tuple([z.string(), z.string()]));
const catalogueEntry = z.object({
  dynasty: z.string().optional(),
  contributors: z.array(z.object({ id: z.string().optional() })).optional(),
});

export function creatorsFile(metadataDir: string): string {
  return join(metadataDir, "cbeta-metadata", "creators", "all-creators.json");
}

export function catalogueFiles(metadataDir: string): string[] {
  const dir = join(metadataDir, "authority-catalog");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => join(dir, name));
}

export function loadCreators(metadataDir: string | null): Creators {
  const creators: Creators = { names: new Map(), dynasties: new Map(), files: [] };
  if (!metadataDir) return creators;
  const listFile = creatorsFile(metadataDir);
  if (existsSync(listFile)) {
    creators.files.push(listFile);
    const parsed = creatorList.safeParse(JSON.parse(readFileSync(listFile, "utf8")));
    if (parsed.success) for (const [id, name] of parsed.data) creators.names.set(id, name.trim());
  }
  for (const file of catalogueFiles(metadataDir)) {
    creators.files.push(file);
    const works = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    for (const raw of Object.values(works)) {
      const entry = catalogueEntry.safeParse(raw);
      if (!entry.success || !entry.data.dynasty) continue;
      for (const contributor of entry.data.contributors ?? []) {
        if (!contributor.id) continue;
        const set = creators.dynasties.get(contributor.id) ?? new Set<string>();
        set.add(entry.data.dynasty);
        creators.dynasties.set(contributor.id, set);
      }
    }
  }
  return creators;
}

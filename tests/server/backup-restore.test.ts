import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchRequest } from "../../contract/search.ts";
import { type BackupResult, createBackup, type SiteSettings } from "../../server/backup/backup.ts";
import { CHECKSUMS_FILE, STORAGE_FOLDER } from "../../server/backup/manifest.ts";
import { findPgTool, restorePostgres } from "../../server/backup/postgres-dump.ts";
import { RestoreRefused, restoreBackup } from "../../server/backup/restore.ts";
import { knownMigrations } from "../../server/backup/site-database.ts";
import { openDatabase } from "../../server/db/connect.ts";
import { canonDatabase, emptyDatabase, testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser } from "./auth-setup.ts";
import {
  copyTemplateStorage,
  filesUnder,
  scratchFolder,
  setAvatar,
  siteApp,
  USER_DATA_TABLES,
  userDataRows,
} from "./backup-setup.ts";

type ReelBody = { sutra_uid: string; reel_uid: string; pages: { uid: string; lines: { cid: string }[] }[] };

const SEARCHES: SearchRequest[] = [
  { keyword: "菩薩", search_mode: "exact", page_size: 100 },
  { keyword: "如是我聞", search_mode: "fuzzy", page_size: 100 },
  { keyword: "众生", search_mode: "exact", txt_type: "sim_txt", page_size: 100 },
];

/** Which of the writes named `during-<n>` a set of names holds, in order. */
const duringIndexes = (names: string[]) =>
  names
    .map((name) => /^during-(\d+)$/.exec(name)?.[1])
    .filter((n) => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);

describe.each(testDialects())("backup and restore on %s", (dialect) => {
  const clock = { now: Date.UTC(2026, 0, 1) };
  let scratch: string;
  let source: AuthHarness;
  let site: SiteSettings;
  let readerToken: string;
  let writerToken: string;
  let avatarKey: string;
  let reel: ReelBody;
  let backup: BackupResult;
  let before: Map<string, string[]>;
  let after: Map<string, string[]>;
  let writesBeforeStart = 0;
  let restored: AuthHarness | null = null;

  const call = async (
    h: AuthHarness,
    token: string | null,
    method: "GET" | "POST",
    url: string,
    body?: object,
  ) =>
    parse(
      await h.app.inject({
        method,
        url: `/v1/${url}`,
        headers: token ? bearer(token) : {},
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      }),
    );
  const feedback = (h: AuthHarness, token: string, suggestion: string) =>
    call(h, token, "POST", "feedback/add", {
      question_type: "content_error",
      source: "by_reel",
      sutra_uid: reel.sutra_uid,
      reel_uid: reel.reel_uid,
      cids: reel.pages[0]?.lines.slice(0, 2).map((l) => l.cid),
      origin_text: "如是我聞",
      suggestion,
    });

  beforeAll(async () => {
    scratch = scratchFolder();
    const database = await canonDatabase(dialect);
    const storageDir = join(scratch, "site-storage");
    copyTemplateStorage(storageDir);
    source = await siteApp(database.canon, storageDir, clock, () => database.dispose());
    site = { database: database.canon.config, storageDir, storageUrl: null };
    await registerUser(source, { username: "reader", contact: "reader@example.org", password: "abc123" });
    await registerUser(source, { username: "writer", contact: "writer@example.org", password: "abc123" });
    writerToken = await accessToken(source, "writer", "abc123");
    ({ key: avatarKey, token: readerToken } = await setAvatar(
      source,
      await accessToken(source, "reader", "abc123"),
    ));
    const list = await call(source, null, "POST", "tripitaka/JS/sutra/list", {});
    const sutras = (list.result as { list: { uid: string; reel_uids: [string, string][] }[] }).list;
    const reels = sutras.flatMap((s) => s.reel_uids.map(([uid]) => uid));
    reel = (await call(source, null, "GET", `reel/${reels[0]}`)).result as ReelBody;

    expect((await call(source, readerToken, "POST", "tripitaka/JS/sutra_group", { name: "早课" })).code).toBe(
      0,
    );
    const added = await call(source, readerToken, "POST", "tripitaka/JS/sutra_group/add_sutras", {
      name: "早课",
      sutra_uids: sutras.slice(0, 2).map((s) => s.uid),
    });
    expect(added.code).toBe(0);
    expect(
      (await call(source, readerToken, "POST", "user_conf/read_config/fontSize", { value: 24 })).code,
    ).toBe(0);
    for (const uid of reels.slice(0, 3)) {
      clock.now += 1000;
      const read = await call(source, readerToken, "POST", "JS/user_op", {
        op_type: "reel_read",
        context: { reel_uid: uid, reel_uids: [uid] },
      });
      expect(read.code).toBe(0);
    }
    expect((await feedback(source, readerToken, "「戊辰」當作「戊戌」")).code).toBe(0);
  });

  afterAll(async () => {
    await restored?.close();
    await source?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("backs up the site while readers go on writing to it", async () => {
    before = await userDataRows(source.database.canon);
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const name = `during-${written}`;
        const group = await call(source, writerToken, "POST", "tripitaka/JS/sutra_group", { name });
        if (group.code !== 0) throw new Error(`group ${name}: ${group.msg}`);
        const sent = await feedback(source, writerToken, name);
        if (sent.code !== 0) throw new Error(`feedback ${name}: ${sent.msg}`);
        written++;
      }
    })();
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    writes.then(stop, stop);
    while (written < 3 && !stopped) await new Promise((resolve) => setTimeout(resolve, 5));
    writesBeforeStart = written;
    try {
      backup = await createBackup(site, { into: join(scratch, "backups"), sqlitePagesPerStep: 8 });
    } finally {
      writing = false;
    }
    const writesAtEnd = written;
    await writes;
    after = await userDataRows(source.database.canon);
    expect(writesAtEnd).toBeGreaterThan(writesBeforeStart);

    const { manifest } = backup;
    expect(manifest.database.kind).toBe(dialect);
    expect(manifest.database.migration).toBe((await knownMigrations()).at(-1));
    expect(manifest.database.rows).toMatchObject({ user: 2, sutra_group_item: 2 });
    expect(manifest.database.rows.tripitaka).toBeGreaterThan(0);
    const stored = await filesUnder(site.storageDir);
    expect(stored.has(avatarKey)).toBe(true);
    expect(manifest.storage).toMatchObject({ kind: "local", files: stored.size });
    const sums = (await readFile(join(backup.dir, CHECKSUMS_FILE), "utf8")).trim().split("\n");
    expect(sums).toHaveLength(stored.size + 1);
    expect(sums).toContain(`${stored.get(avatarKey)}  ${STORAGE_FOLDER}/${avatarKey}`);
  });

  it("restores into a fresh site every account, group, setting, reading record and feedback", async () => {
    const fresh = await emptyDatabase(dialect);
    const target: SiteSettings = {
      database: fresh.canon.config,
      storageDir: join(scratch, "fresh-storage"),
      storageUrl: null,
    };
    const result = await restoreBackup(target, backup.dir);
    expect(result).toMatchObject({ replaced: [], files: backup.manifest.storage.files });
    const canon = openDatabase(fresh.canon.config);
    restored = await siteApp(canon, target.storageDir, clock, async () => {
      await canon.close();
      await fresh.dispose();
    });

    const rows = await userDataRows(canon);
    for (const table of USER_DATA_TABLES) {
      const got = rows.get(table) ?? [];
      expect(got, table).toEqual(expect.arrayContaining(before.get(table) ?? []));
      const inSource = new Set(after.get(table));
      expect(
        got.filter((row) => !inSource.has(row)),
        table,
      ).toEqual([]);
    }
    // The writes made during the backup as they stood at one moment: the first n of them, and
    // each feedback only with the group written before it.
    const groups = duringIndexes(
      (await canon.db.selectFrom("sutra_group").select("name").execute()).map((r) => r.name),
    );
    const feedbacks = duringIndexes(
      (await canon.db.selectFrom("feedback").select("suggestion").execute()).map((r) => r.suggestion ?? ""),
    );
    expect(groups).toEqual(groups.map((_, i) => i));
    expect(feedbacks).toEqual(feedbacks.map((_, i) => i));
    expect(groups.length - feedbacks.length).toBeGreaterThanOrEqual(0);
    expect(groups.length - feedbacks.length).toBeLessThanOrEqual(1);
    expect(feedbacks.length).toBeGreaterThanOrEqual(writesBeforeStart);

    const token = await accessToken(restored, "reader", "abc123");
    const profile = await call(restored, token, "GET", "user/profile");
    expect((profile.result as { avatar: string }).avatar).toBe(`/storage/${avatarKey}`);
    const groupsThen = await call(source, readerToken, "GET", "tripitaka/JS/sutra_group/all");
    expect((await call(restored, token, "GET", "tripitaka/JS/sutra_group/all")).result).toEqual(
      groupsThen.result,
    );
  });

  it("brings back the stored files byte for byte", async () => {
    const h = restored as AuthHarness;
    expect(await filesUnder(h.database.storage.root)).toEqual(await filesUnder(site.storageDir));
    const avatar = await h.app.inject({ method: "GET", url: `/storage/${avatarKey}` });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.rawPayload).toEqual(await readFile(join(site.storageDir, avatarKey)));
  });

  it("answers searches as the backed-up site did", async () => {
    const h = restored as AuthHarness;
    const token = await accessToken(h, "reader", "abc123");
    for (const body of SEARCHES) {
      const then = await call(source, readerToken, "POST", "tripitaka/TS/search", body);
      const now = await call(h, token, "POST", "tripitaka/TS/search", body);
      expect(then, body.keyword).toMatchObject({ statusCode: 200, code: 0 });
      expect((then.result as { total: number }).total, body.keyword).toBeGreaterThan(0);
      expect(now.result, body.keyword).toEqual(then.result);
      const guest = await call(h, null, "POST", "tripitaka/TS/search", body);
      expect(guest.result, body.keyword).toEqual(
        (await call(source, null, "POST", "tripitaka/TS/search", body)).result,
      );
    }
  });

  it("refuses a site that holds data unless forced, then replaces it", async () => {
    const occupied = await canonDatabase(dialect);
    try {
      const storageDir = join(scratch, "occupied-storage");
      await mkdir(join(storageDir, "fonts"), { recursive: true });
      await writeFile(join(storageDir, "fonts", "kept.woff2"), "font");
      const target: SiteSettings = { database: occupied.canon.config, storageDir, storageUrl: null };
      const refusal = restoreBackup(target, backup.dir);
      await expect(refusal).rejects.toBeInstanceOf(RestoreRefused);
      await expect(refusal).rejects.toThrow(/database holds data \(.*tripitaka: \d+/);
      await expect(refusal).rejects.toThrow(/storage folder .* holds 1 files/);
      const users = () =>
        occupied.canon.db.selectFrom("user").select("username").orderBy("username").execute();
      expect(await users()).toEqual([]);

      const forced = await restoreBackup(target, backup.dir, { force: true });
      expect(forced.replaced).toHaveLength(2);
      expect((await users()).map((u) => u.username)).toEqual(["reader", "writer"]);
      const files = await filesUnder(storageDir);
      expect(files.has(avatarKey)).toBe(true);
      expect(files.has("fonts/kept.woff2")).toBe(true);
    } finally {
      await occupied.dispose();
    }
  });

  it.runIf(dialect === "postgres")("leaves PostgreSQL as it was when a restore fails part-way", async () => {
    const occupied = await canonDatabase(dialect);
    try {
      const config = occupied.canon.config;
      if (config.kind !== "postgres") throw new Error("expected PostgreSQL");
      const dump = await readFile(join(backup.dir, backup.manifest.database.file));
      const truncated = join(scratch, "truncated.pgdump");
      await writeFile(truncated, dump.subarray(0, Math.floor(dump.length * 0.6)));
      // The script breaks off after the tables are made and some rows loaded: only a rollback undoes them.
      const script = spawnSync(findPgTool("pg_restore"), ["--file=-", truncated], {
        encoding: "utf8",
        maxBuffer: 1 << 30,
      });
      expect(script.status).not.toBe(0);
      expect(script.stdout).toMatch(/CREATE TABLE public\.sutra [\s\S]*COPY public\.\w+ /);
      const sutras = () => occupied.canon.db.selectFrom("sutra").select("uid").orderBy("uid").execute();
      const before = await sutras();
      await expect(restorePostgres(truncated, config.url)).rejects.toThrow(/^pg_restore failed/);
      expect(await sutras()).toEqual(before);
      expect(await occupied.canon.db.selectFrom("user").selectAll().execute()).toEqual([]);
    } finally {
      await occupied.dispose();
    }
  });

  it("refuses a damaged backup or one of the other database before changing anything", async () => {
    const other: SiteSettings = {
      ...site,
      database:
        dialect === "sqlite"
          ? { kind: "postgres", url: "postgres://nobody@127.0.0.1:1/none" }
          : { kind: "sqlite", file: join(scratch, "never.db") },
    };
    await expect(restoreBackup(other, backup.dir)).rejects.toThrow(/holds a \w+ database but the site uses/);

    const file = join(backup.dir, STORAGE_FOLDER, avatarKey);
    const bytes = await readFile(file);
    writeFileSync(file, Buffer.concat([bytes.subarray(0, -1), Buffer.from([(bytes.at(-1) ?? 0) ^ 1])]));
    try {
      await expect(restoreBackup(site, backup.dir, { force: true })).rejects.toThrow(
        `the backup is damaged: ${STORAGE_FOLDER}/${avatarKey} does not match its checksum`,
      );
    } finally {
      writeFileSync(file, bytes);
    }
    const users = await source.database.canon.db.selectFrom("user").select("username").execute();
    expect(users.map((u) => u.username).sort()).toEqual(["reader", "writer"]);
  });
});

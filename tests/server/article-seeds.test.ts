/**
 * The articles the server writes itself at start and after an import, on SQLite and PostgreSQL:
 * the help text and every tripitaka's introduction in three languages, published, written from
 * the imported canon's real counts; valid and clean as any article form; written once, never over
 * an administrator's edit, and brought up to date while nobody has edited them.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Article, articleBody } from "../../contract/articles.ts";
import { CBETA_AVAILABILITY } from "../../contract/canon.ts";
import {
  type SeedOutcome,
  seedArticles,
  seedArticlesFor,
} from "../../server/modules/articles/article-seeds.ts";
import { cleanArticleMarkdown } from "../../server/modules/articles/markdown-cleaning.ts";
import { testDialects } from "../support/databases.ts";
import { type ArticleHarness, form, startArticles } from "./articles-setup.ts";

const number = (value: number) => new Intl.NumberFormat("en").format(value);
const headings = (markdown: string, level: "##" | "###") =>
  markdown.split("\n").filter((line) => line.startsWith(`${level} `));

describe.each(testDialects())("the help and the introductions on %s", (dialect) => {
  let a: ArticleHarness;
  let first: SeedOutcome;
  let tripitakas: { uid: string; name_sim: string; name_trad: string }[];

  beforeAll(async () => {
    a = await startArticles(dialect);
    first = await seedArticles(a.c.h.database.canon.db, a.c.h.clock.now);
    tripitakas = await a.c.h.database.canon.db
      .selectFrom("tripitaka")
      .select(["uid", "name_sim", "name_trad"])
      .execute();
  });
  afterAll(() => a.close());

  /** Sutras, reels and characters of each tripitaka, counted here from the canon's own tables. */
  async function imported() {
    const rows = await a.c.h.database.canon.db
      .selectFrom("sutra")
      .leftJoin("reel", "reel.sutra_uid", "sutra.uid")
      .select((eb) => [
        "sutra.tripitaka_uid",
        sql<number>`count(distinct ${eb.ref("sutra.uid")})`.as("sutras"),
        eb.fn.count<number>("reel.uid").as("reels"),
        eb.fn.sum<number>("reel.char_cnt").as("chars"),
      ])
      .groupBy("sutra.tripitaka_uid")
      .execute();
    return rows.map((row) => ({
      uid: row.tripitaka_uid,
      sutras: Number(row.sutras),
      reels: Number(row.reels),
      chars: Number(row.chars),
    }));
  }

  const intro = async (uid: string, lang?: string) =>
    a.anyone(`/v1/intro/${uid}`, lang ? { lang } : undefined);

  it("writes the help and an introduction of every tripitaka, in three languages, published", async () => {
    const expected = ["help", "help.zh-TW", "help.en"];
    for (const { uid } of tripitakas) expected.push(`${uid}-intro`, `${uid}-intro.zh-TW`, `${uid}-intro.en`);
    expect([...first.created].sort()).toEqual(expected.sort());
    expect(first.refreshed).toEqual([]);
    const list = await a.admin("GET", "/v1/admin/article/list", undefined, {
      type: "intro",
      is_actived: "true",
      page_size: "100",
    });
    expect((list.result as { total: number }).total).toBe(expected.length);
  });

  it("writes every one as a valid article form that cleaning leaves as it is, with a table of contents", async () => {
    const seeds = await seedArticlesFor(a.c.h.database.canon.db);
    expect(seeds.length).toBe(3 + 3 * tripitakas.length);
    for (const seed of seeds) {
      const parsed = articleBody.safeParse({ ...seed, type: "intro", is_actived: true });
      expect(parsed.success, `${seed.uid}: ${parsed.error?.message}`).toBe(true);
      expect(cleanArticleMarkdown(seed.content), seed.uid).toBe(seed.content);
      expect(headings(seed.content, "##").length, seed.uid).toBeGreaterThanOrEqual(3);
    }
  });

  it("introduces each imported tripitaka with its real counts, its source and its licence", async () => {
    const counts = await imported();
    expect(counts.length).toBeGreaterThan(3);
    for (const count of counts) {
      const names = tripitakas.find((t) => t.uid === count.uid);
      const zh = (await intro(count.uid)).result as Article;
      expect(zh.uid).toBe(`${count.uid}-intro`);
      expect(zh.title).toBe(`${names?.name_sim}简介`);
      expect(zh.content).toContain(
        `经文 ${number(count.sutras)} 部、${number(count.reels)} 卷，共 ${number(count.chars)} 字`,
      );
      expect(zh.content).toContain("CBETA");
      expect(zh.content).toContain(
        "Available for non-commercial use when distributed with this header intact.",
      );
      const tw = (await intro(count.uid, "zh-TW")).result as Article;
      expect(tw.uid).toBe(`${count.uid}-intro.zh-TW`);
      expect(tw.title).toBe(`${names?.name_trad}簡介`);
      expect(tw.content).toContain(`經文 ${number(count.sutras)} 部、${number(count.reels)} 卷`);
      const en = (await intro(count.uid, "en")).result as Article;
      expect(en.uid).toBe(`${count.uid}-intro.en`);
      expect(en.content).toContain(
        `${number(count.sutras)} sutras of the ${names?.name_trad} (${count.uid}) in ${number(count.reels)} reels, ${number(count.chars)} characters`,
      );
    }
    const jiaxing = ((await intro("JS")).result as Article).content;
    expect(jiaxing).toContain("嘉興大藏經（新文豐版）數位版");
    expect(jiaxing).toContain("CBETA 的 J 辑");
    expect(jiaxing).toMatch(/朝代：清（2 部）/);
    expect(jiaxing).toMatch(/部类：禅宗部类（4 部）/);
    expect(CBETA_AVAILABILITY).toMatch(/non-commercial/);
  });

  it("introduces a tripitaka with nothing imported as such, and answers 404 where there is none", async () => {
    const counts = await imported();
    const empty = tripitakas.find((t) => !counts.some((count) => count.uid === t.uid));
    if (!empty) throw new Error("the starter canon fills every tripitaka");
    expect(((await intro(empty.uid)).result as Article).content).toContain(`本站尚未收录${empty.name_sim}`);

    expect(await intro("XX")).toMatchObject({ statusCode: 404, code: 404 });
    expect(await intro("js")).toMatchObject({ statusCode: 400, code: 400 });
    await a.admin("PUT", `/v1/admin/article/update_active/${empty.uid}-intro`, { is_actived: false });
    expect(await intro(empty.uid)).toMatchObject({ statusCode: 404, code: 404 });
    expect(((await intro(empty.uid, "en")).result as Article).uid).toBe(`${empty.uid}-intro.en`);
  });

  it("answers the help in three languages, with sections and subsections", async () => {
    for (const [lang, uid, title] of [
      ["zh-CN", "help", "帮助"],
      ["zh-TW", "help.zh-TW", "幫助"],
      ["en", "help.en", "Help"],
    ] as const) {
      const help = (await a.anyone("/v1/article/help", { lang })).result as Article;
      expect(help).toMatchObject({ uid, title, type: "intro", is_actived: true });
      expect(headings(help.content, "##").length).toBeGreaterThanOrEqual(10);
      expect(headings(help.content, "###").length).toBeGreaterThanOrEqual(10);
    }
  });

  it("changes nothing when run again, and never writes over an administrator's edit", async () => {
    const db = a.c.h.database.canon.db;
    const before = await a.articleRows();
    a.c.h.clock.now += 1000;
    expect(await seedArticles(db, a.c.h.clock.now)).toEqual({ created: [], refreshed: [] });
    expect(await a.articleRows()).toEqual(before);

    const edited = form("JS-intro", { title: "径山藏简介（修订）", type: "intro", is_actived: true });
    expect(await a.admin("PUT", "/v1/admin/article/update/JS-intro", edited)).toMatchObject({ code: 0 });
    await db.deleteFrom("articles").where("uid", "=", "help.en").execute();
    await db
      .updateTable("reel")
      .set((eb) => ({ char_cnt: eb("char_cnt", "+", 1000) }))
      .where("sutra_uid", "in", (eb) =>
        eb.selectFrom("sutra").select("uid").where("tripitaka_uid", "in", ["JS", "TS"]),
      )
      .execute();

    a.c.h.clock.now += 1000;
    const again = await seedArticles(db, a.c.h.clock.now);
    expect(again.created).toEqual(["help.en"]);
    expect([...again.refreshed].sort()).toEqual(
      ["JS-intro.en", "JS-intro.zh-TW", "TS-intro", "TS-intro.en", "TS-intro.zh-TW"].sort(),
    );
    const kept = (await a.admin("GET", "/v1/admin/article/JS-intro")).result as Article;
    expect(kept).toMatchObject({ title: "径山藏简介（修订）", content: edited.content });
    const refreshed = (await intro("TS")).result as Article;
    const ts = (await imported()).find((count) => count.uid === "TS");
    expect(refreshed.content).toContain(`共 ${number(ts?.chars ?? 0)} 字`);
    expect(refreshed.updated_time).toBe(a.c.h.clock.now);
    expect(refreshed.create_time).toBeLessThan(a.c.h.clock.now);
  });
});

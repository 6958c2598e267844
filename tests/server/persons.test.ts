/**
 * The people of the canon on the imported starter canon, on SQLite and on PostgreSQL:
 * researchers only (401 signed out, 403 for a reader and for an administrator without the role);
 * the person search's filters, orders and paging, which field of a hit held the name searched for,
 * and its PERSON_SEARCH event; a person's page (names, years, the biography's paragraphs at their
 * reel and line, places, dates, teachers and students with the book and juan each relation was
 * read from, works); the teacher–student graph at depths 1 to 3, checked against relations.csv;
 * the authors that link to a person; and bad input (400) and unknown persons (404).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope, paged } from "../../contract/envelope.ts";
import {
  authorLinksSchema,
  GRAPH_NODES_MAX,
  type PersonListItem,
  personDetailSchema,
  personGraphSchema,
  personHitSchema,
} from "../../contract/persons.ts";
import { corpusDir } from "../support/corpus.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, bearer } from "./auth-setup.ts";
import { type ResearchTokens, startResearchApp } from "./research-setup.ts";

const listReply = envelope(paged(personHitSchema));
const detailReply = envelope(personDetailSchema);
const graphReply = envelope(personGraphSchema);

/** teacher_of edges of relations.csv as SNA node ids (source the teacher). */
function teacherEdgesOfCsv(): [number, number][] {
  const text = readFileSync(join(corpusDir(), "persons", "sna", "relations.csv"), "utf8");
  const edges: [number, number][] = [];
  for (const line of text.split("\n")) {
    const m = /^\d+,(\d+),[^,]*,(\d+),[^,]*,teacher_of,/.exec(line);
    if (m) edges.push([Number(m[1]), Number(m[2])]);
  }
  return edges;
}

describe.each(testDialects())("persons on %s", (dialect) => {
  let h: AuthHarness;
  let tokens: ResearchTokens;
  const get = (url: string, query: Record<string, string> = {}, token = tokens.researcher) =>
    h.app.inject({ method: "GET", url, query, headers: token ? bearer(token) : {} });
  const list = async (query: Record<string, string>) => {
    const response = await get("/v1/persons", query);
    expect(response.statusCode, response.body).toBe(200);
    return listReply.parse(response.json()).result;
  };
  const detail = async (id: string) => {
    const response = await get(`/v1/person/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return detailReply.parse(response.json()).result;
  };
  const graph = async (id: string, depth: number) => {
    const response = await get(`/v1/person/${id}/graph`, { depth: String(depth) });
    expect(response.statusCode, response.body).toBe(200);
    return graphReply.parse(response.json()).result;
  };

  beforeAll(async () => {
    ({ h, tokens } = await startResearchApp(dialect, "people"));
  });
  afterAll(async () => h.close());

  it("answers researchers only: 401 signed out, 403 without the researcher role", async () => {
    const urls = [
      "/v1/persons",
      "/v1/persons/author_links",
      "/v1/person/A001583",
      "/v1/person/A001583/graph",
    ];
    for (const url of urls) {
      expect((await get(url, {}, "")).statusCode).toBe(401);
      expect((await get(url, {}, tokens.reader)).statusCode).toBe(403);
      expect((await get(url, {}, tokens.admin)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(200);
    }
  });

  it("refuses bad input with 400 and unknown persons with 404", async () => {
    const bad: [string, Record<string, string>][] = [
      ["/v1/person/X1", {}],
      ["/v1/person/A12", {}],
      ["/v1/person/A001583/graph", { depth: "0" }],
      ["/v1/person/A001583/graph", { depth: "4" }],
      ["/v1/person/A001583/graph", { depth: "two" }],
      ["/v1/persons", { page_size: "101" }],
      ["/v1/persons", { page_no: "0" }],
      ["/v1/persons", { sort_by: "age" }],
      ["/v1/persons", { source: "nowhere" }],
      ["/v1/persons", { name: "名".repeat(51) }],
      ["/v1/persons", { tripitaka_uid: "tsx" }],
    ];
    for (const [url, query] of bad) {
      const response = await get(url, query);
      expect(response.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, result: null });
    }
    expect((await get("/v1/person/A999999")).statusCode).toBe(404);
    expect((await get("/v1/person/S99999999/graph")).statusCode).toBe(404);
  });

  it("shows 佛陀耶舍 with his years, names, biography at its reel and line, places and dates", async () => {
    const person = await detail("A000439");
    expect(person).toMatchObject({
      id: "A000439",
      authority_id: "A000439",
      sna_id: 12320,
      name: "佛陀耶舍",
      name_sim: "佛陀耶舍",
      dynasty: "後秦",
      birth_year: 363,
      death_year: 414,
    });
    expect(person.names.map((n) => n.name)).toEqual(expect.arrayContaining(["佛陀耶舍", "耶舍", "覺明"]));
    const biography = person.biography;
    expect(biography).toMatchObject({ id: "gsz0333c16foTuoYeShe", collection_title: "梁高僧傳" });
    const first = biography?.paragraphs[0];
    expect(first?.line_id).toBe("TS_50_333c.16");
    expect(first?.pieces.map((p) => p.text).join("")).toMatch(/^佛陀耶舍，此云覺明，罽賓人也/);
    expect(first?.pieces[0]).toEqual({ text: "佛陀耶舍", person_id: "A000439", place_id: null });
    // The line is the canon's: its reel is the one holding that line, whose text names him.
    const line = await h.database.canon.db
      .selectFrom("line")
      .select(["reel_uid", "std_txt"])
      .where("page_uid", "=", "TS_50_333c")
      .where("line_no", "=", 16)
      .executeTakeFirstOrThrow();
    expect(line.std_txt).toContain("佛陀耶舍");
    expect(first?.reel_uid).toBe(line.reel_uid);
    expect(line.reel_uid).toMatch(/^TS2059_\d+$/);
    for (const paragraph of biography?.paragraphs ?? []) expect(paragraph.reel_uid).toBe(line.reel_uid);

    expect(person.places).toContainEqual(
      expect.objectContaining({ id: "PL000000049232", name: "罽賓", line_id: "TS_50_333c.16" }),
    );
    expect(person.dates).toContainEqual(
      expect.objectContaining({
        key: "j18708611871214",
        label: "弘始十二年",
        from: "+0410-02-21",
        to: "+0411-02-09",
      }),
    );
    // 鳩摩羅什 is named in it, and his page lists the mention at its line.
    expect(biography?.paragraphs.flatMap((p) => p.pieces).some((p) => p.person_id === "A001583")).toBe(true);
    const kumarajiva = await detail("A001583");
    expect(kumarajiva.mentions).toContainEqual(
      expect.objectContaining({ biography_id: "gsz0333c16foTuoYeShe", subject_id: "A000439" }),
    );
  });

  it("lists teachers and students from relations.csv, with the cited line", async () => {
    // relations.csv edge 15849: 弘璧 (node 63) is teacher of 𧧌震 (node 61), citing X82n1571_p0455b03.
    const db = h.database.canon.db;
    const idOf = async (node: number) =>
      (await db.selectFrom("person").select("id").where("sna_id", "=", node).executeTakeFirstOrThrow()).id;
    const [teacher, student] = [await idOf(63), await idOf(61)];
    const studentPage = await detail(student);
    expect(studentPage.name).toBe("𧧌震");
    expect(studentPage.teachers).toContainEqual(
      expect.objectContaining({ id: teacher, name: "弘璧", ref_line_id: "WX_82_455b.3" }),
    );
    expect(studentPage.teachers.find((t) => t.id === teacher)?.ref).toContain("五燈全書");
    expect((await detail(teacher)).students.map((s) => s.id)).toContain(student);
    // 鳩摩羅什 taught 道融 (a teacher_of edge read from the biography 0073shiDaoRong.xml).
    const kumarajiva = await detail("A001583");
    expect(kumarajiva.students.map((s) => s.name)).toContain("道融");
    expect(kumarajiva.works.map((w) => w.sutra_uid)).toEqual(
      expect.arrayContaining(["TS0235", "TS0262", "TS0366"]),
    );
    expect(kumarajiva.works.find((w) => w.sutra_uid === "TS0262")?.first_reel_uid).toBe("TS0262_1");
  });

  it("names the book, juan and biography a relation was read from instead of the SNA's file", async () => {
    const db = h.database.canon.db;
    const sourceOf = async (ref: string) => {
      const edge = await db
        .selectFrom("person_relation")
        .select(["source_id", "target_id", "ref", "ref_page_uid", "ref_line_no"])
        .where("kind", "=", "teacher_of")
        .where("ref", "like", `${ref}%`)
        .orderBy("edge_id")
        .executeTakeFirstOrThrow();
      const { teachers } = await detail(edge.target_id);
      const teacher = teachers.find((t) => t.id === edge.source_id && t.ref === edge.ref);
      return { edge, source: teacher?.ref_source };
    };
    // 鳩摩羅什 taught 道融, read from 0073shiDaoRong.xml, a biography of 高僧傳 in the library.
    const daoRong = await sourceOf("File: 0073shiDaoRong.xml");
    const reel = await db
      .selectFrom("line")
      .innerJoin("reel", "reel.uid", "line.reel_uid")
      .select("reel.reel_no")
      .where("line.page_uid", "=", daoRong.edge.ref_page_uid ?? "")
      .where("line.line_no", "=", daoRong.edge.ref_line_no ?? 0)
      .executeTakeFirstOrThrow();
    const { title_trad: biography } = await db
      .selectFrom("biography")
      .select("title_trad")
      .where("file", "like", "%/0073shiDaoRong.xml")
      .executeTakeFirstOrThrow();
    const none = { cited_at: null, biography: null, quote: null };
    expect(daoRong.source).toEqual({ ...none, title: "高僧傳", juan: reel.reel_no, biography });
    // 宋高僧傳 is not in the library: its title, and the place cited for want of a juan.
    expect((await sourceOf("File: 1198shiHanGuang.xml")).source).toEqual({
      ...none,
      title: "宋高僧傳",
      juan: null,
      cited_at: "T50, p. 879b20",
    });
    expect((await sourceOf("《五燈全書(第34卷-第120卷)》卷83：「天台華頂")).source).toEqual({
      ...none,
      title: "五燈全書",
      juan: 83,
      quote: "天台華頂仁叟震禪師……(剖石璧嗣)。",
    });
    expect((await sourceOf("（明清序：151；X85n1591_p0229c11）")).source).toBeNull();
  });

  it("walks the teacher–student graph to depth 1, 2 and 3 as relations.csv has it", async () => {
    const db = h.database.canon.db;
    const rows = await db
      .selectFrom("person")
      .select(["id", "sna_id"])
      .where("sna_id", "is not", null)
      .execute();
    const personOf = new Map(rows.map((row) => [row.sna_id, row.id]));
    const neighbours = new Map<string, Set<string>>();
    const taught = new Set<string>();
    for (const [source, target] of teacherEdgesOfCsv()) {
      const a = personOf.get(source);
      const b = personOf.get(target);
      if (!a || !b) continue;
      taught.add(`${a}>${b}`);
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const)
        neighbours.set(x, (neighbours.get(x) ?? new Set()).add(y));
    }
    const edgesAmong = (ids: string[]) =>
      [...taught].filter((pair) => {
        const [a, b] = pair.split(">") as [string, string];
        return ids.includes(a) && ids.includes(b);
      });
    const within = (center: string, depth: number) => {
      const seen = new Set([center]);
      let frontier = [center];
      for (let d = 0; d < depth; d++) {
        frontier = frontier.flatMap((id) => [...(neighbours.get(id) ?? [])]).filter((id) => !seen.has(id));
        for (const id of frontier) seen.add(id);
      }
      return [...seen].sort();
    };
    // 大悅 (A016585, author of JSB470): 3, 12 and 30 persons within one, two and three steps.
    const sizes: number[] = [];
    for (const depth of [1, 2, 3]) {
      const answer = await graph("A016585", depth);
      expect(answer).toMatchObject({ center: "A016585", depth, truncated: false });
      expect(answer.nodes.map((n) => n.id).sort()).toEqual(within("A016585", depth));
      expect(answer.nodes.find((n) => n.id === "A016585")).toMatchObject({ name: "大悅", depth: 0 });
      const expectedIds = within("A016585", depth);
      expect(answer.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual(
        edgesAmong(expectedIds).sort(),
      );
      sizes.push(answer.nodes.length);
    }
    expect(sizes).toEqual([3, 12, 30]);

    // The most connected teacher's graph is cut at the limit, and says so.
    const busiest = [...neighbours].sort((a, b) => b[1].size - a[1].size)[0]?.[0] ?? "";
    const cut = await graph(busiest, 3);
    expect(cut.truncated).toBe(true);
    expect(cut.nodes).toHaveLength(GRAPH_NODES_MAX);
    const ids = new Set(cut.nodes.map((n) => n.id));
    for (const edge of cut.edges) {
      expect(ids.has(edge.source) && ids.has(edge.target)).toBe(true);
      expect(taught.has(`${edge.source}>${edge.target}`)).toBe(true);
    }
  });

  it("finds persons by any name in either script and by dynasty", async () => {
    const ids = (page: { list: PersonListItem[] }) => page.list.map((p) => p.id);
    expect(ids(await list({ name: "鳩摩羅什" }))).toContain("A001583");
    expect(ids(await list({ name: "鸠摩罗什" }))).toContain("A001583");
    expect(ids(await list({ name: "童壽" }))).toContain("A001583");
    // A form of address the biographies tag (貧道) is not a name.
    expect(ids(await list({ name: "貧道", page_size: "100" }))).not.toContain("A001583");
    const laterQin = await list({ dynasty: "後秦", page_size: "100" });
    expect(laterQin.total).toBeGreaterThan(5);
    for (const person of laterQin.list) expect(person.dynasty?.split(" ")).toContain("後秦");
    expect((await list({ dynasty: "后秦", page_size: "100" })).total).toBe(laterQin.total);
    // One dynasty, not a part of one: 宋 is not 北宋.
    for (const person of (await list({ dynasty: "宋", page_size: "100" })).list)
      expect(person.dynasty?.split(" ")).toContain("宋");
    const withBiography = await list({ source: "biography", page_size: "100" });
    const subjects = await h.database.canon.db
      .selectFrom("biography")
      .select((eb) => eb.fn.count<number>("subject_id").distinct().as("n"))
      .executeTakeFirstOrThrow();
    expect(withBiography.total).toBe(Number(subjects.n));
    for (const person of withBiography.list) expect(person.biography_title).not.toBeNull();
  });

  it("says which field of a hit held the name searched for: name, other name, biography title, place", async () => {
    const hit = async (name: string, id: string) =>
      (await list({ name, page_size: "100" })).list.find((p) => p.id === id)?.matched;
    expect(await hit("鳩摩羅什", "A001583")).toMatchObject({ field: "name", text: "鳩摩羅什" });
    expect(await hit("童寿", "A001583")).toEqual({ field: "alias", text: "童壽", text_sim: "童寿" });
    // 佛陀耶舍 is tied to 罽賓 in his biography; 僧端's biography is titled 永安寺僧端尼傳.
    expect(await hit("罽賓", "A000439")).toEqual({ field: "place", text: "罽賓", text_sim: "罽宾" });
    expect(await hit("永安寺", "A011716")).toMatchObject({ field: "title", text: "永安寺僧端尼傳十一" });
    for (const name of ["尼傳", "长安", "國師"]) {
      const found = await list({ name, page_size: "100" });
      expect(found.total, name).toBeGreaterThan(0);
      for (const person of found.list) {
        const { matched } = person;
        expect(`${matched?.text}|${matched?.text_sim}`, `${name} ${person.id}`).toContain(name);
        if (matched?.field === "title") expect(matched.text).toBe(person.biography_title);
      }
    }
    expect((await list({ dynasty: "後秦" })).list.every((p) => p.matched === null)).toBe(true);
  });

  it("sorts with unknown years last, and pages without gaps or repeats", async () => {
    const years = (page: { list: PersonListItem[] }, key: "birth_year" | "death_year") =>
      page.list.map((p) => p[key]);
    const rising = years(
      await list({ dynasty: "唐", sort_by: "birth_year", page_size: "100" }),
      "birth_year",
    );
    const known = rising.filter((y) => y !== null) as number[];
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(rising.slice(0, known.length)).toEqual(known);
    const falling = years(
      await list({ dynasty: "唐", sort_by: "-death_year", page_size: "100" }),
      "death_year",
    );
    expect(falling.filter((y) => y !== null)).toEqual(
      (falling.filter((y) => y !== null) as number[]).sort((a, b) => b - a),
    );
    const byName = (await list({ dynasty: "東晉", sort_by: "name", page_size: "100" })).list.map(
      (p) => p.name,
    );
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byStudents = (await list({ sort_by: "-student_count" })).list.map((p) => p.student_count);
    expect(byStudents).toEqual([...byStudents].sort((a, b) => b - a));

    const whole = await list({ dynasty: "東晉", page_size: "50" });
    const first = await list({ dynasty: "東晉", page_size: "20" });
    const second = await list({ dynasty: "東晉", page_size: "20", page_no: "2" });
    expect(first.page_count).toBe(Math.ceil(first.total / 20));
    expect([...first.list, ...second.list].map((p) => p.id)).toEqual(
      whole.list.slice(0, 40).map((p) => p.id),
    );
    const past = await list({ dynasty: "東晉", page_size: "20", page_no: String(first.page_count + 1) });
    expect(past).toMatchObject({ total: first.total, list: [] });
  });

  it("records PERSON_SEARCH for a search's first page only", async () => {
    const events = async () => {
      await h.app.oplogWriter.flush();
      return h.database.canon.db
        .selectFrom("oplog")
        .select(["extra", "tripitaka_uid"])
        .where("event_id", "=", "PERSON_SEARCH")
        .execute();
    };
    const before = (await events()).length;
    await list({ name: "道安", tripitaka_uid: "JS" });
    await list({ name: "道安", tripitaka_uid: "JS", page_no: "2" });
    const after = await events();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.tripitaka_uid).toBe("JS");
    expect(JSON.parse(after.at(-1)?.extra ?? "{}")).toMatchObject({ name: "道安", dynasty: "" });
  });

  it("tells which catalogue authors have a person page", async () => {
    const response = await get("/v1/persons/author_links");
    const links = envelope(authorLinksSchema).parse(response.json()).result.list;
    const authors = await h.database.canon.db
      .selectFrom("author")
      .select(["id", "authority_id"])
      .where("authority_id", "in", ["A001583", "A001724", "A016585", "A000294"])
      .execute();
    const personOf = new Map(links.map((link) => [link.author_id, link.person_id]));
    for (const author of authors) {
      // 玄奘 (A000294) has no biography here and two SNA nodes of his name: no person page.
      const expected = author.authority_id === "A000294" ? undefined : author.authority_id;
      expect(personOf.get(author.id)).toBe(expected);
    }
    expect(authors.map((a) => a.authority_id).sort()).toEqual(["A000294", "A001583", "A001724", "A016585"]);
  });
});

/** `GET /v1/cite?ref=…`: a pasted reference opens the reel at its line, or the scan at its column. */
import { describe, expect, it } from "vitest";
import { citeResult } from "../../contract/cite.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import { canonAppForSuite } from "../support/canon-app.ts";
import { testDialects } from "../support/databases.ts";

describe.each(testDialects())("citations on %s", (dialect) => {
  const suite = canonAppForSuite(dialect);
  const cite = (ref: string) =>
    suite.app.inject({ method: "GET", url: `/v1/cite?ref=${encodeURIComponent(ref)}` });
  const resolved = async (ref: string) => {
    const response = await cite(ref);
    expect(response.statusCode, response.body).toBe(200);
    return envelope(citeResult).parse(response.json()).result;
  };
  const refused = async (ref: string, status: number) => {
    const response = await cite(ref);
    expect(response.statusCode, response.body).toBe(status);
    return errorEnvelope.parse(response.json());
  };

  it("opens the reel at the cited line, whatever form the reference takes", async () => {
    const db = suite.database.canon.db;
    const line = await db
      .selectFrom("line")
      .select(["reel_uid"])
      .where("page_uid", "=", "TS_8_848c")
      .where("line_no", "=", 7)
      .executeTakeFirstOrThrow();
    expect(line.reel_uid).toBe("TS0251_1");
    const expected = {
      reel_uid: "TS0251_1",
      page_uid: "TS_8_848c",
      cid: "TS_8_848c.7",
      href: "/scroll/TS0251_1?cid=TS_8_848c.7",
    };
    for (const ref of [
      "T08n0251_p0848c07",
      "CBETA 2024.R1, T08, no. 251, p. 848c7",
      "CBETA, T08, no. 251, p. 848, c7",
      "大正藏第8冊第848頁下欄第7行",
      "T08.848c07",
      "TS_8_848c.7",
    ])
      expect(await resolved(ref), ref).toEqual(expected);
  });

  it("marks a range of lines and a char", async () => {
    expect(await resolved("CBETA, T08, no. 251, p. 848c7-9")).toMatchObject({
      cid: "TS_8_848c.7-TS_8_848c.9",
    });
    expect(await resolved("TS_8_848c.7.3")).toMatchObject({ cid: "TS_8_848c.7.3", reel_uid: "TS0251_1" });
  });

  it("opens a whole page with its lines marked as one passage", async () => {
    const lines = await suite.database.canon.db
      .selectFrom("line")
      .select(["line_no"])
      .where("page_uid", "=", "TS_8_848c")
      .where("reel_uid", "=", "TS0251_1")
      .orderBy("line_no")
      .execute();
    const cid = `TS_8_848c.${lines[0]?.line_no}-TS_8_848c.${lines.at(-1)?.line_no}`;
    expect(await resolved("T8.848c")).toEqual({
      reel_uid: "TS0251_1",
      page_uid: "TS_8_848c",
      cid,
      href: `/scroll/TS0251_1?cid=${encodeURIComponent(cid)}`,
    });
  });

  it("opens a scan page with no text at its column", async () => {
    expect(await resolved("GL_79_4_7")).toEqual({
      reel_uid: null,
      page_uid: "GL_79_4_7",
      cid: null,
      href: "/page/GL_79_4_7",
    });
    expect(await resolved("GL_79_4_7.3")).toMatchObject({
      cid: "GL_79_4_7.3",
      href: "/page/GL_79_4_7?cid=GL_79_4_7.3",
    });
  });

  it("says why a reference cannot be read, and when the library does not hold it", async () => {
    expect((await refused("hello", 400)).msg).toBe("UNKNOWN_FORM");
    expect((await refused("大正藏第8冊第848頁", 400)).msg).toBe("AMBIGUOUS");
    expect((await refused("B22n0118_p0766a10", 400)).msg).toBe("UNKNOWN_COLLECTION");
    expect((await refused("T08n0251_p0848c07-03", 400)).msg).toBe("BAD_RANGE");
    expect((await refused("T08n0251_p0999a01", 404)).code).toBe(404);
    expect((await refused("T08n0251_p0848c99", 404)).code).toBe(404);
  });
});

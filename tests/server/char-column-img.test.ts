/** `GET /v1/tripitaka/{uid}/char/column/img`: a char's column cut from its page scan, with the char's box in it. */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { charColumnImgResult } from "../../contract/charImage.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import { canonAppForSuite } from "../support/canon-app.ts";
import { testDialects } from "../support/databases.ts";

describe.each(testDialects())("char column images on %s", (dialect) => {
  const suite = canonAppForSuite(dialect);
  const get = (url: string) => suite.app.inject({ method: "GET", url });
  const columnImg = (tripitaka: string, page: string, sn: string) =>
    get(`/v1/tripitaka/${tripitaka}/char/column/img?page_uid=${page}&char_sn=${sn}`);

  it("cuts the char's column from the scan and places the char's box inside it", async () => {
    const db = suite.database.canon.db;
    const char = await db
      .selectFrom("char")
      .innerJoin("page", "page.uid", "char.page_uid")
      .select(["char.page_uid", "char.line_no", "char.char_no", "char.x", "char.y", "char.w", "char.h"])
      .select(["page.tripitaka_uid", "page.img_width", "page.img_height"])
      .where("page.img_path", "is not", null)
      .where("char.char_no", "=", 2)
      .orderBy("char.page_uid")
      .orderBy("char.line_no")
      .executeTakeFirstOrThrow();
    const sn = `${char.line_no}.${char.char_no}`;
    const response = await columnImg(char.tripitaka_uid, char.page_uid, sn);
    expect(response.statusCode).toBe(200);
    const column = envelope(charColumnImgResult).parse(response.json()).result;

    const image = await get(column.url);
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect({ w: meta.width, h: meta.height }).toEqual({ w: column.w, h: column.h });
    // A column is a narrow strip of the page, and the char lies wholly inside it.
    expect(column.w).toBeLessThan(char.img_width ?? 0);
    expect(column.char_pos.x).toBeGreaterThanOrEqual(0);
    expect(column.char_pos.y).toBeGreaterThanOrEqual(0);
    expect(column.char_pos.x + column.char_pos.w).toBeLessThanOrEqual(column.w + 1);
    expect(column.char_pos.y + column.char_pos.h).toBeLessThanOrEqual(column.h + 1);
    expect({ w: column.char_pos.w, h: column.char_pos.h }).toEqual({ w: char.w, h: char.h });

    // The second request is served from the stored crop: the same answer.
    const again = envelope(charColumnImgResult).parse(
      (await columnImg(char.tripitaka_uid, char.page_uid, sn)).json(),
    );
    expect(again.result).toEqual(column);
  });

  it("answers 404 for an unknown page, a char with no box or a page of another tripitaka, and 400 for bad input", async () => {
    const expectError = (response: Awaited<ReturnType<typeof get>>, status: number) => {
      expect(response.statusCode).toBe(status);
      errorEnvelope.parse(response.json());
    };
    expectError(await columnImg("QL", "QL_24_999", "1.1"), 404);
    expectError(await columnImg("QL", "QL_24_17", "99.99"), 404);
    expectError(await columnImg("JS", "QL_24_17", "1.1"), 404);
    expectError(await columnImg("QL", "QL_24_17", "1"), 400);
    expectError(await columnImg("QL", "QL-24-17", "1.1"), 400);
  });
});

/**
 * `GET /v1/applications/team_qr`: the team-joining link as a QR code, drawn by the server for a
 * reader whose application was approved (the researcher role), 404 while no link is configured.
 */
import QRCode from "qrcode";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_QR_PIXELS } from "../../server/modules/applications/team-qr.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { testDialects } from "../support/dialects.ts";
import { applyForResearch } from "./application-requests.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";

const LINK = "https://example.org/join/researchers";

/** The QR code's modules read back from the PNG: dark (true) or light, row by row. */
async function modulesOf(png: Buffer, size: number, margin: number): Promise<boolean[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const cell = info.width / (size + 2 * margin);
  const modules: boolean[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const x = Math.floor((col + margin + 0.5) * cell);
      const y = Math.floor((row + margin + 0.5) * cell);
      modules.push((data[y * info.width + x] ?? 255) < 128);
    }
  }
  return modules;
}

describe.each(testDialects())("the team-joining QR code on %s", (dialect) => {
  let h: AuthHarness;
  let without: AuthHarness;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { teamJoinUrl: LINK });
    without = await startAuthApp(dialect);
  });
  afterAll(async () => {
    await h.close();
    await without.close();
  });

  async function researcherToken(harness: AuthHarness, name: string): Promise<string> {
    await registerUser(harness, { username: name, contact: `${name}@example.org`, password: "abc123" });
    const token = await accessToken(harness, name, "abc123");
    await applyForResearch(harness, token, {
      real_name: "研究者",
      company: "寺院",
      intro: "研究",
      purpose: "校勘",
    });
    await ensureAdmin(harness.database.canon.db, { username: `${name}_admin`, password: "admin-pass1" }, 0);
    const admin = await accessToken(harness, `${name}_admin`, "admin-pass1");
    const list = parse(
      await harness.app.inject({
        method: "GET",
        url: "/v1/admin/applications",
        query: { username: name },
        headers: bearer(admin),
      }),
    ).result as { list: { _id: number }[] };
    const deal = await harness.app.inject({
      method: "POST",
      url: `/v1/admin/applications/${list.list[0]?._id}/deal`,
      headers: bearer(admin),
      payload: { status: "approved", reason: "" },
    });
    expect(parse(deal).code).toBe(0);
    return accessToken(harness, name, "abc123");
  }

  it("draws the configured link for a researcher, and refuses readers and guests", async () => {
    const reader = `qr_reader_${dialect}`;
    await registerUser(h, { username: reader, contact: `${reader}@example.org`, password: "abc123" });
    const readerToken = await accessToken(h, reader, "abc123");
    expect((await h.app.inject({ method: "GET", url: "/v1/applications/team_qr" })).statusCode).toBe(401);
    const refused = await h.app.inject({
      method: "GET",
      url: "/v1/applications/team_qr",
      headers: bearer(readerToken),
    });
    expect(refused.statusCode).toBe(403);

    const token = await researcherToken(h, `qr_researcher_${dialect}`);
    const answer = await h.app.inject({
      method: "GET",
      url: "/v1/applications/team_qr",
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/png");
    const png = answer.rawPayload;
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(TEAM_QR_PIXELS);

    // The picture holds the link's QR code, module for module.
    const code = QRCode.create(LINK, { errorCorrectionLevel: "M" });
    const expected = Array.from(code.modules.data, (bit) => bit === 1);
    expect(await modulesOf(png, code.modules.size, 2)).toEqual(expected);
  });

  it("answers 404 while no link is configured", async () => {
    const token = await researcherToken(without, `qr_none_${dialect}`);
    const answer = parse(
      await without.app.inject({ method: "GET", url: "/v1/applications/team_qr", headers: bearer(token) }),
    );
    expect(answer).toMatchObject({ statusCode: 404, code: 404 });
  });
});

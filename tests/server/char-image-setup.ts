/**
 * Set-up of the character image tests: the imported starter canon, a researcher, a reader and an
 * administrator who is not a researcher, the calls of the three routes, and the boxed chars of a
 * tripitaka as the database holds them, to check the answers against.
 */
import {
  type CharGroupItem,
  type CharImageItem,
  charGroupItem,
  charImageItem,
} from "../../contract/charImage.ts";
import { envelope, type Paged, paged } from "../../contract/envelope.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { type AuthHarness, bearer, parse, type Reply } from "./auth-setup.ts";
import { startResearchApp } from "./research-setup.ts";

export type Who = "researcher" | "reader" | "admin" | "anonymous";

export type BoxedChar = {
  page_uid: string;
  line_no: number;
  char_no: number;
  ori_txt: string;
  uni_txt: string;
  std_txt: string;
  sim_txt: string;
  cc: number | null;
  x: number;
  y: number;
  w: number;
  h: number;
  sutra_uid: string | null;
  img_key: string | null;
  /** Null when the char has no `char_image` row. */
  is_deform: number | null;
  img_path: string | null;
};

export type CharImageHarness = {
  h: AuthHarness;
  call(who: Who, path: string, query?: Record<string, string>): Promise<Reply>;
  list(tripitaka: string, query?: Record<string, string>): Promise<Paged<CharImageItem>>;
  groups(tripitaka: string, query?: Record<string, string>): Promise<Paged<CharGroupItem>>;
  /** Every boxed char of the tripitaka, with its page's scan. */
  boxed(tripitaka: string): Promise<BoxedChar[]>;
  close(): Promise<void>;
};

export async function startCharImages(dialect: Dialect): Promise<CharImageHarness> {
  const { h, tokens: accounts } = await startResearchApp(dialect, "ci");
  const { app } = h;
  const db = h.database.canon.db;
  const tokens: Record<Who, string | null> = { ...accounts, anonymous: null };

  const call: CharImageHarness["call"] = async (who, path, query = {}) => {
    const token = tokens[who];
    return parse(await app.inject({ method: "GET", url: path, query, headers: token ? bearer(token) : {} }));
  };
  const okResult = (reply: Reply, what: string): unknown => {
    if (reply.code !== 0) throw new Error(`${what}: ${reply.statusCode} ${reply.code} ${reply.msg}`);
    return reply;
  };

  return {
    h,
    call,
    async list(tripitaka, query) {
      const path = `/v1/tripitaka/${tripitaka}/char/list`;
      return envelope(paged(charImageItem)).parse(okResult(await call("researcher", path, query), path))
        .result;
    },
    async groups(tripitaka, query) {
      const path = `/v1/tripitaka/${tripitaka}/char/group/list`;
      return envelope(paged(charGroupItem)).parse(okResult(await call("researcher", path, query), path))
        .result;
    },
    boxed: (tripitaka) =>
      db
        .selectFrom("char")
        .innerJoin("page", "page.uid", "char.page_uid")
        .leftJoin("char_image", (join) =>
          join
            .onRef("char_image.page_uid", "=", "char.page_uid")
            .onRef("char_image.line_no", "=", "char.line_no")
            .onRef("char_image.char_no", "=", "char.char_no"),
        )
        .select([
          "char.page_uid",
          "char.line_no",
          "char.char_no",
          "char.ori_txt",
          "char.uni_txt",
          "char.std_txt",
          "char.sim_txt",
          "char.cc",
          "char.x",
          "char.y",
          "char.w",
          "char.h",
          "char_image.sutra_uid",
          "char_image.img_key",
          "char_image.is_deform",
          "page.img_path",
        ])
        .where("page.tripitaka_uid", "=", tripitaka)
        .execute(),
    close: () => h.close(),
  };
}

/** Code-point order of two strings (what `sort_by=page_uid` and `ot` promise). */
export const byCodePoint = (a: string, b: string): number => {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
};

/** Page order: page uid by code point, then line and char. */
export const pageOrder = (a: BoxedChar, b: BoxedChar): number =>
  byCodePoint(a.page_uid, b.page_uid) || a.line_no - b.line_no || a.char_no - b.char_no;

export const cidOf = (c: Pick<BoxedChar, "page_uid" | "line_no" | "char_no">): string =>
  `${c.page_uid}.${c.line_no}.${c.char_no}`;

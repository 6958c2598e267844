import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyBinary } from "../../server/db/pg-copy.ts";
import { emptyDatabase, type TestDatabase, testDialects } from "../support/databases.ts";

type Row = { name: string | null; n: number; data: Buffer | null };

describe.runIf(testDialects().includes("postgres"))("binary COPY on PostgreSQL", () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    database = await emptyDatabase("postgres");
    db = database.canon.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE copy_probe (name text COLLATE "C", n integer NOT NULL, data bytea)`.execute(db);
  });
  afterAll(() => database.dispose());

  const rowsOf = async (): Promise<Row[]> =>
    (await sql<Row>`SELECT name, n, data FROM copy_probe ORDER BY n`.execute(db)).rows;

  const copy = (target: Kysely<unknown>, rows: Row[]) =>
    copyBinary(target, "copy_probe", ["name", "n", "data"], async (out) => {
      for (const row of rows) {
        out.row(3);
        out.text(row.name);
        out.int4(row.n);
        out.bytea(row.data);
        if (out.full) await out.flush();
      }
    });

  it("writes text, integers, byteas and nulls inside the caller's transaction", async () => {
    await sql`TRUNCATE copy_probe`.execute(db);
    const big = Buffer.alloc(5 * 1024 * 1024 + 3, 7);
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO copy_probe (name, n) VALUES ('before', 0)`.execute(trx);
      await copy(trx, [
        { name: "經𠀀", n: 1, data: Buffer.from([1, 2, 3]) },
        { name: null, n: -2, data: null },
        { name: "", n: 3, data: Buffer.alloc(0) },
        { name: "big", n: 4, data: big },
      ]);
      // The rows are there for the transaction's next statement.
      const count = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM copy_probe`.execute(trx);
      expect(count.rows[0]?.n).toBe(5);
    });
    const rows = await rowsOf();
    expect(rows.map((row) => [row.name, row.n, row.data?.length ?? null])).toEqual([
      [null, -2, null],
      ["before", 0, null],
      ["經𠀀", 1, 3],
      ["", 3, 0],
      ["big", 4, big.length],
    ]);
    expect(rows.find((row) => row.n === 4)?.data?.equals(big)).toBe(true);
  });

  it("writes texts given as code points and ints as the caller's encoder writes them", async () => {
    await sql`TRUNCATE copy_probe`.execute(db);
    const ints = Int32Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? i * 70_001 : -i));
    // More than a chunk's room: the chunk grows for it.
    const long = Int32Array.from({ length: 1_100_000 }, (_, i) => i * 3);
    const littleEndian = (from: Int32Array, start: number, end: number, into: Uint8Array, at: number) => {
      const view = new DataView(into.buffer, into.byteOffset, into.byteLength);
      for (let i = start; i < end; i++) view.setInt32(at + (i - start) * 4, from[i] as number, true);
      return at + (end - start) * 4;
    };
    const grams: [number, number][] = [
      [0x41, 0],
      [0xe9, 0x7f],
      [0x5982, 0x662f],
      [0x249b2, 0x4f5b],
    ];
    const lengths = [0, 3, 7, 30];
    await copyBinary(db, "copy_probe", ["name", "n", "data"], async (out) => {
      grams.forEach(([first, second], n) => {
        out.row(3);
        out.codePoints(first, second);
        out.int4(n);
        out.encodedInts(ints, n, n + lengths[n]!, lengths[n]! * 4, littleEndian);
      });
      out.row(3);
      out.codePoints(0x4e00, 0);
      out.int4(9);
      out.encodedInts(null, 0, 0, 0, littleEndian);
      out.row(3);
      out.codePoints(0x4e01, 0);
      out.int4(10);
      out.encodedInts(long, 0, long.length, long.length * 4, littleEndian);
    });
    const rows = await rowsOf();
    expect(rows.map((row) => row.name)).toEqual(["A", "é\u007f", "如是", "𤦲佛", "一", "丁"]);
    const intsIn = (stored: Buffer) =>
      new Int32Array(stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.length));
    rows.slice(0, 4).forEach((row, n) => {
      expect([...intsIn(row.data as Buffer)]).toEqual([...ints.subarray(n, n + lengths[n]!)]);
    });
    expect(rows[4]?.data).toBeNull();
    expect(rows[5]?.data?.equals(Buffer.from(long.buffer))).toBe(true);
  });

  it("rolls back with the transaction when the writer fails", async () => {
    await sql`TRUNCATE copy_probe`.execute(db);
    const failing = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO copy_probe (name, n) VALUES ('before', 0)`.execute(trx);
      await copyBinary(trx, "copy_probe", ["name", "n", "data"], async (out) => {
        out.row(3);
        out.text("half");
        out.int4(1);
        out.bytea(null);
        await out.flush(true);
        throw new Error("the writer stopped");
      });
    });
    await expect(failing).rejects.toThrow("the writer stopped");
    expect(await rowsOf()).toEqual([]);
    // The pool's connection is usable again.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows[0]?.one).toBe(1);
  });

  it("refuses a row of the wrong width, and writes nothing", async () => {
    await sql`TRUNCATE copy_probe`.execute(db);
    const wrongWidth = copyBinary(db, "copy_probe", ["name", "n", "data"], async (out) => {
      out.row(2);
      out.text("two fields");
      out.int4(1);
    });
    await expect(wrongWidth).rejects.toThrow();
    expect(await rowsOf()).toEqual([]);
  });

  it("runs in a transaction of its own when the caller has none", async () => {
    await sql`TRUNCATE copy_probe`.execute(db);
    await copy(db, [{ name: "alone", n: 9, data: Buffer.from("x") }]);
    expect((await rowsOf()).map((row) => row.name)).toEqual(["alone"]);
  });
});

/**
 * PostgreSQL `COPY … FROM STDIN (FORMAT binary)` on the connection a Kysely transaction runs on
 * (a transaction of its own when the caller has none), so bulk rows go in with the caller's other
 * writes and roll back with them.
 * Kysely does not hand out its pg client: the pool's clients are known by their server process id
 * (openDatabase registers them), and the one found is checked, the first time, to be the caller's
 * session by a transaction-local token the caller's connection sets and the client reads back.
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { type Kysely, sql } from "kysely";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

const clientsByProcess = new Map<number, pg.ClientBase>();

const processIdOf = (client: pg.ClientBase): number | null =>
  (client as pg.ClientBase & { processID?: number | null }).processID ?? null;

/** Makes the pool's clients findable by copyBinary. */
export function trackCopyClients(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const id = processIdOf(client);
    if (id !== null) clientsByProcess.set(id, client);
  });
  pool.on("remove", (client) => {
    const id = processIdOf(client);
    if (id !== null && clientsByProcess.get(id) === client) clientsByProcess.delete(id);
  });
}

/** Clients found to be the session of the process id they are known by. */
const checkedClients = new WeakSet<pg.ClientBase>();

async function clientOf<Db>(db: Kysely<Db>): Promise<pg.ClientBase> {
  const token = randomUUID();
  const own = await sql<{ pid: number }>`
    SELECT pg_backend_pid() AS pid, set_config('canon.copy_session', ${token}, true) AS token`.execute(db);
  const client = clientsByProcess.get(Number(own.rows[0]?.pid));
  if (client && checkedClients.has(client)) return client;
  const seen = client
    ? await client.query<{ token: string | null }>(
        "SELECT current_setting('canon.copy_session', true) AS token",
      )
    : null;
  if (!client || seen?.rows[0]?.token !== token)
    throw new Error("COPY found no pool client for the transaction's connection");
  checkedClients.add(client);
  return client;
}

/** Writes a code point as UTF-8 at `at`; returns where it ends. */
function writeUtf8(bytes: Buffer, at: number, code: number): number {
  if (code < 0x80) {
    bytes[at] = code;
    return at + 1;
  }
  if (code < 0x800) {
    bytes[at] = 0xc0 | (code >> 6);
    bytes[at + 1] = 0x80 | (code & 0x3f);
    return at + 2;
  }
  if (code < 0x10000) {
    bytes[at] = 0xe0 | (code >> 12);
    bytes[at + 1] = 0x80 | ((code >> 6) & 0x3f);
    bytes[at + 2] = 0x80 | (code & 0x3f);
    return at + 3;
  }
  bytes[at] = 0xf0 | (code >> 18);
  bytes[at + 1] = 0x80 | ((code >> 12) & 0x3f);
  bytes[at + 2] = 0x80 | ((code >> 6) & 0x3f);
  bytes[at + 3] = 0x80 | (code & 0x3f);
  return at + 4;
}

/** Writes ints[from, to) as bytes into `into` from `at`; returns where they end. */
export type IntsEncoder = (
  ints: Int32Array,
  from: number,
  to: number,
  into: Uint8Array,
  at: number,
) => number;

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const FLUSH_BYTES = 4 * 1024 * 1024;

/** Rows in PostgreSQL's binary COPY format, sent in large chunks. */
export class BinaryRows {
  private chunk = Buffer.allocUnsafe(FLUSH_BYTES);
  private at = 0;
  constructor(private readonly send: (bytes: Buffer) => Promise<void>) {}

  private room(bytes: number): void {
    if (this.at + bytes <= this.chunk.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.chunk.length * 2, this.at + bytes));
    this.chunk.copy(bigger, 0, 0, this.at);
    this.chunk = bigger;
  }

  /** Starts a row of `fields` values. */
  row(fields: number): void {
    this.room(2);
    this.at = this.chunk.writeInt16BE(fields, this.at);
  }

  int4(value: number | null): void {
    if (value === null) {
      this.nullValue();
      return;
    }
    this.room(8);
    this.at = this.chunk.writeInt32BE(4, this.at);
    this.at = this.chunk.writeInt32BE(value, this.at);
  }

  int8(value: bigint): void {
    this.room(12);
    this.at = this.chunk.writeInt32BE(8, this.at);
    this.at = this.chunk.writeBigInt64BE(value, this.at);
  }

  text(value: string | null): void {
    if (value === null) {
      this.nullValue();
      return;
    }
    const bytes = Buffer.byteLength(value);
    this.room(4 + bytes);
    this.at = this.chunk.writeInt32BE(bytes, this.at);
    this.at += this.chunk.write(value, this.at);
  }

  bytea(value: Uint8Array | null): void {
    if (value === null) {
      this.nullValue();
      return;
    }
    this.room(4 + value.byteLength);
    this.at = this.chunk.writeInt32BE(value.byteLength, this.at);
    this.chunk.set(value, this.at);
    this.at += value.byteLength;
  }

  /** A bytea of the ints ints[from, to) as `encode` writes them (at most `maxBytes` bytes), or null. */
  encodedInts(
    ints: Int32Array | null,
    from: number,
    to: number,
    maxBytes: number,
    encode: IntsEncoder,
  ): void {
    if (ints === null) {
      this.nullValue();
      return;
    }
    this.room(4 + maxBytes);
    const start = this.at + 4;
    const end = encode(ints, from, to, this.chunk, start);
    this.chunk.writeInt32BE(end - start, this.at);
    this.at = end;
  }

  /** A text of the char `first` and the char `second`, given as code points (second 0: none). */
  codePoints(first: number, second: number): void {
    this.room(12);
    const lengthAt = this.at;
    this.at = writeUtf8(this.chunk, lengthAt + 4, first);
    if (second !== 0) this.at = writeUtf8(this.chunk, this.at, second);
    this.chunk.writeInt32BE(this.at - lengthAt - 4, lengthAt);
  }

  /** Whether a chunk's worth is written and waits for flush(). */
  get full(): boolean {
    return this.at >= FLUSH_BYTES;
  }

  private nullValue(): void {
    this.room(4);
    this.at = this.chunk.writeInt32BE(-1, this.at);
  }

  /** Sends what is written once it fills a chunk (or always, with `force`). */
  async flush(force = false): Promise<void> {
    if (this.at === 0 || (!force && this.at < FLUSH_BYTES)) return;
    const bytes = Buffer.from(this.chunk.subarray(0, this.at));
    this.at = 0;
    await this.send(bytes);
  }
}

export type CopyOptions = {
  /**
   * Rows go in frozen (COPY's FREEZE): visible to all once committed, so no later read or VACUUM
   * marks them. Only for a table created or truncated in the caller's transaction.
   */
  freeze?: boolean;
};

/**
 * Copies the rows `write` produces into `table`'s `columns` (names from the code, never from a
 * request). `write` awaits `rows.flush()` now and then to keep memory bounded.
 */
export async function copyBinary<Db>(
  db: Kysely<Db>,
  table: string,
  columns: readonly string[],
  write: (rows: BinaryRows) => Promise<void>,
  options: CopyOptions = {},
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => copyBinary(trx, table, columns, write, options));
    return;
  }
  const client = await clientOf(db);
  const names = columns.map((column) => `"${column}"`).join(", ");
  const format = options.freeze ? "FORMAT binary, FREEZE" : "FORMAT binary";
  const stream = client.query(copyFrom(`COPY "${table}" (${names}) FROM STDIN (${format})`));
  const failed = new Promise<never>((_, reject) => stream.once("error", reject));
  failed.catch(() => undefined);
  const send = async (bytes: Buffer) => {
    if (!stream.write(bytes)) await Promise.race([once(stream, "drain"), failed]);
  };
  const header = Buffer.alloc(SIGNATURE.length + 8);
  SIGNATURE.copy(header);
  await send(header);
  const rows = new BinaryRows(send);
  try {
    await write(rows);
    await rows.flush(true);
    const trailer = Buffer.alloc(2);
    trailer.writeInt16BE(-1);
    await send(trailer);
    stream.end();
    await Promise.race([finished(stream), failed]);
  } catch (error) {
    stream.destroy(error as Error);
    await finished(stream).catch(() => undefined);
    throw error;
  }
}

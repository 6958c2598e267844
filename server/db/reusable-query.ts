/**
 * A query Kysely builds and compiles once per database handle, then runs with new values: for the
 * queries every request makes (the session check), where building and compiling the query costs
 * more than running it. The values are the compiled query's parameters, in the order they appear.
 */
import type { Compilable, CompiledQuery, Kysely } from "kysely";

export type ReusableQuery<Db, Row> = (db: Kysely<Db>, parameters: readonly unknown[]) => Promise<Row[]>;

export function reusableQuery<Db, Row>(build: (db: Kysely<Db>) => Compilable<Row>): ReusableQuery<Db, Row> {
  const compiled = new WeakMap<Kysely<Db>, CompiledQuery<Row>>();
  return async (db, parameters) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db).compile();
      compiled.set(db, query);
    }
    if (query.parameters.length !== parameters.length)
      throw new Error(`the query takes ${query.parameters.length} values, not ${parameters.length}`);
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}

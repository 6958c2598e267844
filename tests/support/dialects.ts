import type { Dialect } from "../../server/db/connect.ts";

/** The database back-ends the server tests run on: both, unless TEST_DIALECTS narrows them. */
export function testDialects(): Dialect[] {
  const wanted = (process.env.TEST_DIALECTS ?? "sqlite,postgres").split(",").map((s) => s.trim());
  return (["sqlite", "postgres"] as const).filter((d) => wanted.includes(d));
}

/**
 * Runs `rg -c -F` for the search bench in a process of its own, one query per message, and
 * answers its time and the files it matched. Started once, before the server, so the server's
 * process never forks while it is timed: a fork marks the parent's memory copy-on-write, and the
 * faults that follow slowed the next search by several milliseconds.
 */
import { spawnSync } from "node:child_process";

export type RgRequest = { dir: string; keyword: string };
export type RgAnswer = { ms: number; files: number } | { error: string };

process.on("message", (request: RgRequest) => {
  const started = performance.now();
  const run = spawnSync("rg", ["-c", "-F", "--", request.keyword, request.dir], {
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
  });
  const ms = performance.now() - started;
  let answer: RgAnswer;
  if (run.error) answer = { error: run.error.message };
  else if (run.status !== 0 && run.status !== 1) answer = { error: `rg ${request.keyword}: ${run.stderr}` };
  else answer = { ms, files: run.stdout.split("\n").filter((line) => line !== "").length };
  process.send?.(answer);
});

/**
 * `npm test`: the browser tests in one Vitest run and the unit and server tests in another, side by
 * side. The browser tests run one file at a time against one built product and leave much of the
 * machine idle while pages load; the other tiers fill it. Each line is prefixed with its run, and
 * the command fails when either run does. Arguments go to both runs (a file filter, `-t`); one run
 * whose files match none passes, both fail, as one Vitest run would. With `--project` the one run
 * asked for runs alone.
 *   npm test
 *   npm test -- tests/server/search.test.ts
 *   npm test -- --project e2e
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const VITEST = ["node_modules/vitest/vitest.mjs", "run"];
const args = process.argv.slice(2);

type Run = { name: string; args: string[] };
type Ended = { code: number; foundNone: boolean };

/** What Vitest prints when a run's filter matches none of its files. */
const NO_FILES = "No test files found";

const runs: Run[] = args.includes("--project")
  ? [{ name: "", args }]
  : [
      { name: "browser", args: ["--project", "e2e", "--passWithNoTests", ...args] },
      {
        name: "unit+server",
        args: ["--project", "unit", "--project", "server", "--passWithNoTests", ...args],
      },
    ];

function start(run: Run): Promise<Ended> {
  const child = spawn(process.execPath, [...VITEST, ...run.args], {
    stdio: ["ignore", "pipe", "pipe"],
    // The run writes into a pipe: it keeps colours only where this command writes to a terminal.
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : { NO_COLOR: "1" }) },
  });
  const prefix = run.name ? `[${run.name}] ` : "";
  let foundNone = false;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    createInterface({ input: stream }).on("line", (line) => {
      if (line.includes(NO_FILES)) foundNone = true;
      out.write(`${prefix}${line}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), foundNone }));
  });
}

const ended = await Promise.all(runs.map(start));
if (ended.every((run) => run.foundNone)) {
  console.error(`${NO_FILES} in any run`);
  process.exit(1);
}
const failed = runs.filter((_, index) => ended[index]?.code !== 0).map((run) => run.name || "tests");
if (failed.length > 0) console.error(`failed: ${failed.join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);

import { launchBrowser } from "/work/main/tests/support/chromium.ts";
import { readFileSync } from "node:fs";
const base = readFileSync("/tmp/me/url", "utf8").trim();
const path = process.argv[2] ?? "/TS";
const out = process.argv[3] ?? "/tmp/me/shot.png";
const locale = process.env.LOC ?? "en";
const [w, h] = (process.env.SIZE ?? "1440x900").split("x").map(Number);
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: w, height: h }, locale });
if (process.env.ADMIN) {
  const response = await fetch(`${base}/v1/login`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ username: "bench_admin", password: "bench-admin-pass-2026" }).toString() });
  const body = (await response.json()) as any;
  await context.addInitScript(([k, t]) => { if (!localStorage.getItem(k)) localStorage.setItem(k, t); localStorage.setItem("canon-reader.guide.reel", "done"); }, ["canon-reader.token", body.result.access_token]);
}
const page = await context.newPage();
await page.goto(base + path);
await page.waitForLoadState("networkidle");
await page.waitForTimeout(1500);
await page.screenshot({ path: out, fullPage: !!process.env.FULL });
console.log(await page.locator("main").innerText().catch(() => ""));
await browser.close();

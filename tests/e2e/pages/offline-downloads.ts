/**
 * The downloads as a test drives them: the download dialog, the storage panel's rows, and what the
 * offline library (IndexedDB `canon-offline`) really holds, read with the browser's own IndexedDB.
 */
import type { Locator, Page } from "playwright-core";

export type LibraryFacts = {
  downloads: {
    id: string;
    status: string;
    items_done: number;
    items_total: number;
    bytes_stored: number;
    error: string | null;
    updated_at: number;
    /** Set while the download is installed from a pack: the parts already written. */
    pack?: { url: string; parts_done: number[] } | null;
  }[];
  items: { download_id: string; key: string; kind: string; state: string; bytes: number }[];
  counts: Record<string, number>;
  /** Path and byte length of every stored blob. */
  blobs: { path: string; size: number; type: string; bytes: number }[];
};

export const dialog = (page: Page): Locator => page.locator("[data-download-dialog]");

/** Waits for the dialog's plan, sets the parts, starts the download and waits for the dialog to close. */
export async function startDownload(page: Page, parts: { pages?: boolean; images?: boolean } = {}) {
  const surface = dialog(page);
  await surface.locator("[data-plan-total]").waitFor();
  for (const [part, wanted] of Object.entries(parts)) {
    const box = surface.locator(`input[data-part="${part}"]`);
    if ((await box.isChecked()) !== wanted) await box.click();
  }
  const total = Number(await surface.locator("[data-plan-total]").getAttribute("data-plan-total"));
  await surface.locator("[data-start-download]").click();
  await surface.waitFor({ state: "detached" }).catch(async (error: unknown) => {
    const refusal = surface.locator("[data-start-failed]");
    if (await refusal.count()) throw new Error(`the download did not start: ${await refusal.textContent()}`);
    throw error;
  });
  return total;
}

export const panelRow = (page: Page, downloadId: string): Locator =>
  page.locator(`[data-storage-panel] [data-download="${downloadId}"]`);

export async function waitForStatus(page: Page, downloadId: string, status: string, timeout = 60_000) {
  await panelRow(page, downloadId)
    .and(page.locator(`[data-status="${status}"]`))
    .waitFor({ timeout });
}

export async function rowNumber(row: Locator, attribute: string): Promise<number> {
  return Number(await row.getAttribute(attribute));
}

/** Whether the page's origin holds the offline library at all (looked up without opening it). */
export function libraryExists(page: Page): Promise<boolean> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).some((database) => database.name === "canon-offline"),
  );
}

/** Everything the library holds, read straight from IndexedDB in the page. */
export function readLibrary(page: Page): Promise<LibraryFacts> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("canon-offline");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const stores = ["tripitakas", "sutras", "catalogs", "reelTexts", "pages", "books", "blobs"];
    const counts: Record<string, number> = {};
    for (const store of stores) counts[store] = (await all(store)).length;
    const blobs = (await all<{ path: string; blob: Blob; bytes: number }>("blobs")).map((row) => ({
      path: row.path,
      size: row.blob.size,
      type: row.blob.type,
      bytes: row.bytes,
    }));
    const facts = {
      downloads: await all<LibraryFacts["downloads"][number]>("downloads"),
      items: await all<LibraryFacts["items"][number]>("downloadItems"),
      counts,
      blobs,
    };
    db.close();
    return facts;
  });
}

/** Every stored row has its item done and every done item its row: nothing half-written. */
export function consistency(facts: LibraryFacts) {
  const done = facts.items.filter((item) => item.state === "done");
  const blobKeys = new Set(facts.blobs.map((blob) => `blob:${blob.path}`));
  return {
    blobsWithoutItem: [...blobKeys].filter((key) => !done.some((item) => item.key === key)),
    doneBlobsWithoutRow: done
      .filter((item) => item.kind === "blob" && !blobKeys.has(item.key))
      .map((i) => i.key),
    badBlobs: facts.blobs.filter((blob) => blob.size !== blob.bytes).map((blob) => blob.path),
    counters: facts.downloads.map((d) => ({
      id: d.id,
      done: d.items_done,
      counted: facts.items.filter((item) => item.download_id === d.id && item.state === "done").length,
    })),
  };
}

// Packs: the storage panel's export and import dialogs.

export const packExportDialog = (page: Page): Locator => page.locator("[data-pack-export-dialog]");
export const packImportDialog = (page: Page): Locator => page.locator("[data-pack-import-dialog]");

/**
 * Takes the File System Access pickers away (before the page's scripts run), so an export is saved
 * as a browser download (`page.waitForEvent("download")`) and an import reads the file input.
 */
export async function withoutFilePickers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const name of ["showSaveFilePicker", "showOpenFilePicker"]) {
      Reflect.deleteProperty(Window.prototype, name);
      Reflect.deleteProperty(window, name);
    }
  });
}

/**
 * Exports from the storage panel: opens the dialog, picks the choice (`library`, `download:{id}` or
 * `group:{tripitaka}:{name}`), waits for the estimate, exports and saves the download at `saveAs`.
 * Needs `withoutFilePickers` on the page. Returns the estimate and what the dialog says it wrote.
 */
export async function exportPackFile(page: Page, choice: string, saveAs: string) {
  await page.locator("[data-storage-panel] [data-pack-export]").click();
  const surface = packExportDialog(page);
  await surface.locator(`input[data-export-choice="${choice}"]`).check();
  const estimate = Number(
    await surface.locator(`[data-pack-estimate-for="${choice}"]`).getAttribute("data-pack-estimate"),
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    surface.locator("[data-pack-export-start]").click(),
  ]);
  await download.saveAs(saveAs);
  const done = surface.locator("[data-pack-exported]");
  await done.waitFor();
  const name = await done.getAttribute("data-pack-file-name");
  const bytes = Number(await done.getAttribute("data-pack-file-bytes"));
  return { estimate, name, bytes, suggested: download.suggestedFilename() };
}

/** Opens the import dialog (from the panel's button) and chooses `path` through its file input. */
export async function choosePackFile(page: Page, path: string): Promise<Locator> {
  const surface = packImportDialog(page);
  if (!(await surface.isVisible())) await page.locator("[data-storage-panel] [data-pack-import]").click();
  await surface.locator("[data-pack-file-input]").setInputFiles(path);
  await surface.locator("[data-pack-summary], [data-pack-error]").first().waitFor();
  return surface;
}

/**
 * Imports `path`: chooses it, installs it and waits for the outcome. Returns "installed" or the
 * code of the message shown (PACK_NOT_A_PACK, PACK_CHECKSUM, PACK_VERSION, QUOTA_EXCEEDED, ...).
 */
export async function importPackFile(page: Page, path: string, timeout = 60_000): Promise<string> {
  const surface = await choosePackFile(page, path);
  const install = surface.locator("[data-pack-install]");
  if ((await surface.locator("[data-pack-summary]").count()) > 0 && (await install.isEnabled()))
    await install.click();
  const outcome = surface.locator("[data-pack-installed], [data-pack-error]").first();
  await outcome.waitFor({ timeout });
  return (await outcome.getAttribute("data-pack-error")) ?? "installed";
}

/** Closes whichever pack dialog is open. */
export async function closePackDialog(page: Page): Promise<void> {
  const surface = page.locator("[data-pack-export-dialog], [data-pack-import-dialog]");
  await surface
    .getByRole("button", { name: /关闭|取消/ })
    .first()
    .click();
  await surface.waitFor({ state: "detached" });
}

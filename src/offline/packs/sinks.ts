/**
 * Where an exported pack goes. With the File System Access API (Chromium) the reader picks a file
 * and each part is written straight into it; the writable stream writes to a copy that replaces
 * the file only on `close`, so an export that fails or is cancelled is aborted and leaves no half
 * pack behind. Elsewhere the parts are kept as Blobs (the browser keeps large ones out of the JS
 * heap, on disk if need be) and the whole is saved as a download once the manifest is written.
 */

import { PACK_EXTENSION, PACK_MEDIA_TYPE } from "../../../contract/pack.ts";
import type { PackSink } from "../../../contract/pack-codec.ts";
import { isAbort } from "../../api/errors.ts";

/** The parts of the File System Access API an export and an import use. */
export type WritableFile = {
  write(data: Uint8Array<ArrayBuffer>): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
};
export type SaveFileHandle = { name: string; createWritable(): Promise<WritableFile> };
export type OpenFileHandle = { getFile(): Promise<File> };
type PickerTypes = { types?: { description?: string; accept: Record<string, string[]> }[] };
export type FilePickers = {
  showSaveFilePicker?(options: PickerTypes & { suggestedName?: string }): Promise<SaveFileHandle>;
  showOpenFilePicker?(options: PickerTypes & { multiple?: boolean }): Promise<OpenFileHandle[]>;
};

export const PACK_PICKER_TYPES: PickerTypes = {
  types: [{ description: "Canon pack", accept: { [PACK_MEDIA_TYPE]: [PACK_EXTENSION] } }],
};

/** The window's file pickers, where the browser has them. */
export function filePickers(win: object): FilePickers {
  return win as FilePickers;
}

/** A sink that ends in a saved file: `close` after the last write, `abort` on failure or cancel. */
export type PackFileSink = PackSink & {
  /** The file's name and the bytes written. */
  close(): Promise<{ name: string; bytes: number }>;
  abort(): Promise<void>;
};

/** The bytes over an `ArrayBuffer` (what a writable and a Blob take), copied only when shared. */
const plain = (bytes: Uint8Array): Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer
    ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
    : new Uint8Array(bytes);

export function fileHandleSink(handle: SaveFileHandle): PackFileSink {
  let bytes = 0;
  let stream: Promise<WritableFile> | null = null;
  const writable = () => {
    stream ??= handle.createWritable();
    return stream;
  };
  return {
    async write(chunk) {
      await (await writable()).write(plain(chunk));
      bytes += chunk.length;
    },
    async close() {
      await (await writable()).close();
      return { name: handle.name, bytes };
    },
    async abort() {
      if (stream) await (await stream).abort().catch(() => undefined);
    },
  };
}

/** Writes below this size are gathered before they become a Blob of their own. */
const GATHER_BYTES = 1024 * 1024;

/** The parts kept as Blobs; `close` gives the whole pack as one Blob. */
export function blobSink(): PackSink & { close(): Blob; bytes(): number } {
  const blobs: Blob[] = [];
  let gathered: Uint8Array<ArrayBuffer>[] = [];
  let gatheredBytes = 0;
  let total = 0;
  const flush = () => {
    if (gathered.length === 0) return;
    blobs.push(new Blob(gathered));
    gathered = [];
    gatheredBytes = 0;
  };
  return {
    async write(chunk) {
      gathered.push(plain(chunk));
      gatheredBytes += chunk.length;
      total += chunk.length;
      if (gatheredBytes >= GATHER_BYTES) flush();
    },
    close() {
      flush();
      return new Blob(blobs, { type: PACK_MEDIA_TYPE });
    },
    bytes: () => total,
  };
}

/** Saves a Blob as a download named `name` (an `<a download>` clicked on an object URL). */
export function saveBlob(doc: Document, blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the time the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadSink(doc: Document, name: string): PackFileSink {
  const sink = blobSink();
  return {
    write: sink.write,
    async close() {
      saveBlob(doc, sink.close(), name);
      return { name, bytes: sink.bytes() };
    },
    async abort() {
      sink.close();
    },
  };
}

/**
 * The sink for an export named `suggestedName`: a file the reader picks where the browser can
 * write one, a download otherwise. Call it straight from the click (the picker needs the user's
 * gesture). Null when the reader closed the picker without choosing.
 */
export async function openPackSink(win: Window, suggestedName: string): Promise<PackFileSink | null> {
  const pickers = filePickers(win);
  if (typeof pickers.showSaveFilePicker !== "function") return downloadSink(win.document, suggestedName);
  try {
    return fileHandleSink(await pickers.showSaveFilePicker({ suggestedName, ...PACK_PICKER_TYPES }));
  } catch (error) {
    if (isAbort(error)) return null;
    throw error;
  }
}

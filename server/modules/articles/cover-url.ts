/**
 * An article's cover: "" or the address the storage answered for an image uploaded under the
 * upload purpose `article` (which only administrators get a policy for), and the image must be
 * there.
 */
import { badRequest } from "../../errors.ts";
import { assertStorageKey, type ObjectStorage } from "../../storage/storage.ts";

const COVER_DIR = "article/";

/** The storage key whose address `url` is, when it is one of an article image. */
function coverKey(storage: ObjectStorage, url: string): string | null {
  const at = url.indexOf(COVER_DIR);
  if (at < 0) return null;
  const key = url.slice(at);
  try {
    assertStorageKey(key);
    return storage.urlFor(key) === url ? key : null;
  } catch {
    return null;
  }
}

export async function checkCoverUrl(storage: ObjectStorage, url: string): Promise<void> {
  if (url === "") return;
  const key = coverKey(storage, url);
  if (key === null) throw badRequest("cover_url must be the address of an image uploaded for an article");
  if (!(await storage.exists(key))) throw badRequest(`no uploaded image at ${url}`);
}

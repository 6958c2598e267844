/**
 * Fills an offline library (`canon-offline` on fake-indexeddb) the way a download does: the
 * tripitaka's sutras from `GET /v1/tripitaka/{uid}/sutra/all` and each reel in the chosen text
 * forms from `GET /v1/reel/{uid}`, as the real server answers them, stored in the rows of
 * contract/offline-library.ts.
 */
import type { Reel, Sutra } from "../../contract/canon.ts";
import { reelAllText, storedBytes, storedReel } from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { App } from "../../server/app.ts";
import type { Library } from "../../workers/search/databases.ts";

export async function getResult<T>(app: App, url: string): Promise<T> {
  const response = await app.inject({ method: "GET", url });
  const body = response.json() as { code: number; msg: string; result: T };
  if (body.code !== 0) throw new Error(`${url}: ${body.code} ${body.msg}`);
  return body.result;
}

export async function tripitakaSutras(app: App, tripitakaUid: string): Promise<Sutra[]> {
  return (await getResult<{ sutras: Sutra[] }>(app, `/v1/tripitaka/${tripitakaUid}/sutra/all`)).sutras;
}

/** Stores the sutras and their reels in the given forms; `storedAt` marks the rows. */
export async function fillLibrary(
  library: Library,
  app: App,
  sutras: readonly Sutra[],
  txtTypes: readonly TxtType[],
  storedAt: number,
): Promise<number> {
  let chars = 0;
  for (const sutra of sutras) {
    const tripitakaUid = sutra.uid.slice(0, 2);
    await library.sutras.put({ uid: sutra.uid, tripitaka_uid: tripitakaUid, sutra, stored_at: storedAt });
    for (const [reelUid] of sutra.reel_uids) {
      for (const txtType of txtTypes) {
        const reel = await getResult<Reel>(app, `/v1/reel/${reelUid}?txt_type=${txtType}`);
        const row = storedReel(reel);
        const rowChars = Array.from(reelAllText(row)).length;
        chars += rowChars;
        await library.reelTexts.put({
          reel_uid: reelUid,
          txt_type: txtType,
          sutra_uid: sutra.uid,
          tripitaka_uid: tripitakaUid,
          reel: row,
          chars: rowChars,
          bytes: storedBytes(row),
          stored_at: storedAt,
        });
      }
    }
  }
  return chars;
}

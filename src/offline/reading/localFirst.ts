/**
 * The readers' data calls, local first: each takes the same arguments and gives the same answer
 * as its src/api namesake. What the offline library holds (a reel, a page, a sutra's entry and
 * contents, a tripitaka's books) is answered from it with no request. Lists over a whole
 * tripitaka go to the server while it is reachable, since the library holds only what was
 * downloaded, and are computed over the downloaded rows when it is not. Anything else without a
 * network throws NotAvailableOffline.
 */
import type {
  Book,
  ConfigItem,
  ImgNames,
  Page,
  PageImage,
  PageThumbs,
  Reel,
  Sutra,
  SutraAll,
  SutraCatalog,
  SutraListRequest,
  Tripitaka,
} from "../../../contract/canon.ts";
import type { Paged } from "../../../contract/envelope.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import * as canonApi from "../../api/canon.ts";
import * as catalogueApi from "../../api/catalogue.ts";
import type { ApiClient } from "../../api/client.ts";
import { ApiError } from "../../api/errors.ts";
import * as pagesApi from "../../api/pages.ts";
import * as reelApi from "../../api/reelReader.ts";
import type { KeyValueStorage } from "../../auth/authState.ts";
import type { OfflineLibrary } from "../library/db.ts";
import { isNetworkFailure, type NetworkState } from "../network.ts";
import type { ConfigKind, PersonalLists } from "./localCatalogue.ts";
import { NotAvailableOffline, type OfflineItem } from "./notAvailable.ts";

export type ReadingDeps = {
  library: () => Promise<OfflineLibrary>;
  network: NetworkState;
  /** Keeps the last tripitaka list the server gave, for starting without a network. */
  storage: KeyValueStorage | null;
};

/** Building answers from stored rows: loaded with the first row found, like the library itself. */
const rowsToAnswers = () => import("./localCatalogue.ts");

export const TRIPITAKAS_KEY = "canon-reader.offline.tripitakas";

export function createOfflineReading(deps: ReadingDeps) {
  const { network } = deps;

  /** A read of the library; a library that cannot be opened holds nothing. */
  async function stored<T>(read: (db: OfflineLibrary) => Promise<T | undefined>): Promise<T | undefined> {
    try {
      return await read(await deps.library());
    } catch {
      return undefined;
    }
  }

  /** The server's answer to `remote`, telling the network state whether the server was reached. */
  async function asked<T>(remote: () => Promise<T>): Promise<T> {
    try {
      const answer = await remote();
      network.reportReachable();
      return answer;
    } catch (error) {
      if (isNetworkFailure(error)) network.reportUnreachable();
      throw error;
    }
  }

  async function fromServer<T>(item: () => OfflineItem | Promise<OfflineItem>, remote: () => Promise<T>) {
    if (!network.isOnline()) throw new NotAvailableOffline(await item());
    try {
      return await asked(remote);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      throw new NotAvailableOffline(await item(), { cause: error });
    }
  }

  async function localFirst<T>(
    item: () => OfflineItem | Promise<OfflineItem>,
    local: (db: OfflineLibrary) => Promise<T | undefined>,
    remote: () => Promise<T>,
  ): Promise<T> {
    const answer = await stored(local);
    return answer !== undefined ? answer : fromServer(item, remote);
  }

  async function serverFirst<T>(
    item: OfflineItem,
    remote: () => Promise<T>,
    local: (db: OfflineLibrary) => Promise<T | undefined>,
  ): Promise<T> {
    if (network.isOnline()) {
      try {
        return await asked(remote);
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
      }
    }
    const answer = await stored(local);
    if (answer === undefined) throw new NotAvailableOffline(item);
    return answer;
  }

  /** A tripitaka's downloaded sutras, or undefined when none is. */
  async function sutrasOf(db: OfflineLibrary, tripitakaUid: string): Promise<Sutra[] | undefined> {
    const rows = await db.sutras.where("tripitaka_uid").equals(tripitakaUid).toArray();
    return rows.length > 0 ? rows.map((row) => row.sutra) : undefined;
  }

  const catalogueOf = (uid: string): OfflineItem => ({ kind: "catalogue", uid });

  function rememberTripitakas(list: Tripitaka[]): Tripitaka[] {
    try {
      deps.storage?.setItem(TRIPITAKAS_KEY, JSON.stringify(list));
    } catch {
      // Storage full or unavailable: the list is asked again next time.
    }
    return list;
  }

  async function rememberedTripitakas(db: OfflineLibrary): Promise<Tripitaka[] | undefined> {
    try {
      const kept: unknown = JSON.parse(deps.storage?.getItem(TRIPITAKAS_KEY) ?? "null");
      if (Array.isArray(kept) && kept.length > 0) return kept as Tripitaka[];
    } catch {
      // Unreadable: fall back to the downloaded tripitakas.
    }
    const rows = await db.tripitakas.toArray();
    return rows.length > 0 ? rows.map((row) => row.tripitaka) : undefined;
  }

  return {
    fetchTripitakas(api: ApiClient, signal?: AbortSignal): Promise<Tripitaka[]> {
      return serverFirst(
        { kind: "tripitakas" },
        async () => rememberTripitakas(await canonApi.fetchTripitakas(api, signal)),
        rememberedTripitakas,
      );
    },

    fetchReel(api: ApiClient, reelUid: string, txtType: TxtType, signal?: AbortSignal): Promise<Reel> {
      const item = async (): Promise<OfflineItem> => {
        const forms = await stored(async (db) =>
          ((await db.reelTexts.where("reel_uid").equals(reelUid).primaryKeys()) as [string, TxtType][]).map(
            ([, form]) => form,
          ),
        );
        return { kind: "reel", uid: reelUid, txtType, stored: forms ?? [] };
      };
      return localFirst(
        item,
        async (db) => {
          const row = await db.reelTexts.get([reelUid, txtType]);
          return row ? (await rowsToAnswers()).reelOf(row) : undefined;
        },
        () => canonApi.fetchReel(api, reelUid, txtType, signal),
      );
    },

    /** `personal`: the reader's groups and pins, for lists computed over the downloaded sutras. */
    fetchSutraList(
      api: ApiClient,
      tripitakaUid: string,
      body: SutraListRequest,
      signal?: AbortSignal,
      personal?: PersonalLists,
    ): Promise<Paged<Sutra>> {
      return serverFirst(
        catalogueOf(tripitakaUid),
        () => canonApi.fetchSutraList(api, tripitakaUid, body, signal),
        async (db) => {
          const sutras = await sutrasOf(db, tripitakaUid);
          return sutras && (await rowsToAnswers()).listSutras(sutras, body, personal);
        },
      );
    },

    fetchSutra(
      api: ApiClient,
      tripitakaUid: string,
      sutraUid: string,
      signal?: AbortSignal,
    ): Promise<Sutra | null> {
      return localFirst(
        () => ({ kind: "sutra", uid: sutraUid }),
        async (db) => (await db.sutras.get(sutraUid))?.sutra,
        () => reelApi.fetchSutra(api, tripitakaUid, sutraUid, signal),
      );
    },

    fetchSutraCatalog(api: ApiClient, sutraUid: string, signal?: AbortSignal): Promise<SutraCatalog> {
      return localFirst(
        () => ({ kind: "sutra", uid: sutraUid }),
        async (db) => (await db.catalogs.get(sutraUid))?.catalog,
        () => reelApi.fetchSutraCatalog(api, sutraUid, signal),
      );
    },

    fetchAllSutras(
      api: ApiClient,
      tripitakaUid: string,
      since: number,
      signal?: AbortSignal,
    ): Promise<SutraAll> {
      return serverFirst(
        catalogueOf(tripitakaUid),
        () => catalogueApi.fetchAllSutras(api, tripitakaUid, since, signal),
        async (db) => {
          const sutras = await sutrasOf(db, tripitakaUid);
          return sutras && (await rowsToAnswers()).sutrasSince(sutras, since);
        },
      );
    },

    fetchConfigList(
      api: ApiClient,
      tripitakaUid: string,
      kind: ConfigKind,
      signal?: AbortSignal,
    ): Promise<ConfigItem[]> {
      return serverFirst(
        catalogueOf(tripitakaUid),
        () => catalogueApi.fetchConfigList(api, tripitakaUid, kind, signal),
        async (db) => {
          const sutras = await sutrasOf(db, tripitakaUid);
          return sutras && (await rowsToAnswers()).configList(sutras, kind);
        },
      );
    },

    fetchBooks(api: ApiClient, tripitakaUid: string, signal?: AbortSignal): Promise<Book[]> {
      return localFirst(
        () => catalogueOf(tripitakaUid),
        async (db) => (await db.books.get(tripitakaUid))?.books,
        () => pagesApi.fetchBooks(api, tripitakaUid, signal),
      );
    },

    fetchImageNames(api: ApiClient, bookUids: readonly string[], signal?: AbortSignal): Promise<ImgNames> {
      return serverFirst(
        catalogueOf(bookUids.join(",")),
        () => pagesApi.fetchImageNames(api, bookUids, signal),
        async (db) => {
          const rows = await db.pages
            .where("book_uid")
            .anyOf([...bookUids])
            .toArray();
          return rows.length > 0
            ? (await rowsToAnswers()).imageNames(
                rows.map((row) => row.page),
                bookUids,
              )
            : undefined;
        },
      );
    },

    /**
     * A downloaded page from the library; but one whose scan was not downloaded is asked of the
     * server while it is reachable, whose answer shows the scan (as a view the site may count).
     */
    async fetchPage(api: ApiClient, pageUid: string, timezone: string, signal?: AbortSignal): Promise<Page> {
      const remote = () => pagesApi.fetchPage(api, pageUid, timezone, signal);
      const local = (await stored((db) => db.pages.get(pageUid)))?.page;
      if (!local) return fromServer(() => ({ kind: "page", uid: pageUid }), remote);
      const scan = local.img_url;
      if (scan === null || !network.isOnline()) return local;
      if (
        await stored(async (db) =>
          (await db.blobs.where("path").equals(scan).count()) > 0 ? true : undefined,
        )
      )
        return local;
      try {
        return await asked(remote);
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        return local;
      }
    },

    async fetchPageImage(api: ApiClient, pageUid: string, signal?: AbortSignal): Promise<PageImage> {
      const row = await stored((db) => db.pages.get(pageUid));
      if (row) {
        const image = (await rowsToAnswers()).pageImageOf(row.page);
        if (image) return image;
        // As the server answers a page without a scan: 404, handled by the caller, no notice.
        throw new ApiError(`HTTP 404: page has no image: ${pageUid}`, 404, 404, false);
      }
      return fromServer(
        () => ({ kind: "page", uid: pageUid }),
        () => pagesApi.fetchPageImage(api, pageUid, signal),
      );
    },

    /** Downloaded pages' thumbnails from the library, the others' from the server. */
    async fetchPageThumbs(
      api: ApiClient,
      pageUids: readonly string[],
      signal?: AbortSignal,
    ): Promise<PageThumbs> {
      const rows = (await stored((db) => db.pages.bulkGet([...pageUids]))) ?? [];
      const thumbs: PageThumbs = {};
      const elsewhere: string[] = [];
      pageUids.forEach((uid, at) => {
        const page = rows[at]?.page;
        if (!page) elsewhere.push(uid);
        else if (page.img_url !== null) thumbs[uid] = page.thumb_url;
      });
      const [first] = elsewhere;
      if (first === undefined) return thumbs;
      const asked = await fromServer(
        () => ({ kind: "page", uid: first }),
        () => pagesApi.fetchPageThumbs(api, elsewhere, signal),
      );
      return { ...asked, ...thumbs };
    },
  };
}

export type OfflineReading = ReturnType<typeof createOfflineReading>;

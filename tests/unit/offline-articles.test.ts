/**
 * The site's articles kept on this device (fake-indexeddb): what a screen opened online is read
 * back offline or when the network fails, per language, with its images; the store keeps only the
 * articles opened last and those of the tripitakas with a download, which go with the download.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ArticleLang } from "../../contract/article-rules.ts";
import type { Article } from "../../contract/articles.ts";
import { ApiError } from "../../src/api/errors.ts";
import { type ArticleStore, openArticleStore } from "../../src/offline/articles/db.ts";
import { articleImagePaths, keptImagePaths } from "../../src/offline/articles/imagePaths.ts";
import {
  type ArticleRequest,
  createKeptArticles,
  type KeptArticlesDeps,
} from "../../src/offline/articles/keptArticles.ts";
import type { NetworkState } from "../../src/offline/network.ts";
import { NotAvailableOffline } from "../../src/offline/reading/notAvailable.ts";

const ORIGIN = "https://canon.example";

function article(uid: string, content: string, cover_url = ""): Article {
  return {
    _id: 1,
    uid,
    title: uid,
    type: "intro",
    is_actived: true,
    is_top: false,
    summary: "",
    content,
    cover_url,
    create_time: 0,
    updated_time: 0,
  };
}

function fakeNetwork(online: boolean) {
  let on = online;
  const told = { reachable: 0, unreachable: 0 };
  const state: NetworkState = {
    isOnline: () => on,
    subscribe: () => () => undefined,
    reportUnreachable: () => void told.unreachable++,
    reportReachable: () => void told.reachable++,
    onServerSeen: () => () => undefined,
    recheck: () => undefined,
  };
  const go = (next: boolean) => {
    on = next;
  };
  return { state, told, go };
}

const lost = () => Promise.reject(new TypeError("Failed to fetch"));
const notFound = () => Promise.reject(new ApiError("HTTP 404", 404, 404, false));

let store: ArticleStore;
let stores = 0;
let network: ReturnType<typeof fakeNetwork>;
let clock = 0;
let imagesFetched: string[];

function kept(overrides: Partial<KeptArticlesDeps> = {}) {
  return createKeptArticles({
    store: async () => store,
    network: network.state,
    now: () => ++clock,
    origin: ORIGIN,
    fetchImage: async (path) => {
      imagesFetched.push(path);
      return new Blob([path], { type: "image/png" });
    },
    ...overrides,
  });
}

const request = (uid: string, lang: ArticleLang = "zh-CN", tripitakaUid?: string): ArticleRequest =>
  tripitakaUid ? { uid, lang, tripitakaUid } : { uid, lang };

beforeEach(() => {
  stores += 1;
  store = openArticleStore(`kept-articles-${stores}`);
  network = fakeNetwork(true);
  imagesFetched = [];
});
afterEach(() => {
  store.close();
});

describe("an article opened online", () => {
  it("is read back offline and when the network fails, in the language it was read in", async () => {
    const articles = kept();
    const help = article("help", "# 帮助\n\n正文");
    const helpEn = article("help.en", "# Help\n\nText");
    expect(await articles.read(request("help"), async () => help)).toEqual(help);
    expect(await articles.read(request("help", "en"), async () => helpEn)).toEqual(helpEn);

    expect(await articles.read(request("help"), lost)).toEqual(help);
    expect(network.told.unreachable).toBe(1);
    network.go(false);
    expect(await articles.read(request("help", "en"), lost)).toEqual(helpEn);
    await expect(articles.read(request("help", "zh-TW"), lost)).rejects.toEqual(
      new NotAvailableOffline({ kind: "article", uid: "help" }),
    );
  });

  it("is the network's answer while there is one, and a 404 forgets the kept copy", async () => {
    const articles = kept();
    await articles.read(request("news-1"), async () => article("news-1", "old"));
    const fresh = article("news-1", "new");
    expect(await articles.read(request("news-1"), async () => fresh)).toEqual(fresh);
    expect(await articles.read(request("news-1"), lost)).toEqual(fresh);

    await expect(articles.read(request("news-1"), notFound)).rejects.toBeInstanceOf(ApiError);
    network.go(false);
    await expect(articles.read(request("news-1"), lost)).rejects.toBeInstanceOf(NotAvailableOffline);
  });

  it("never gives the kept copy for an answer the server gave", async () => {
    const articles = kept();
    await articles.read(request("help"), async () => article("help", "text"));
    const refused = () => Promise.reject(new ApiError("HTTP 500", 500, 500, true));
    await expect(articles.read(request("help"), refused)).rejects.toBeInstanceOf(ApiError);
  });

  it("keeps the images of this site's storage it shows, and lets them go with it", async () => {
    const articles = kept();
    const content = "![map](/storage/article/1/map.png)\n\n<img src='/storage/article/1/seal.webp'>";
    await articles.read(request("JS-intro", "zh-CN", "JS"), async () =>
      article("JS-intro", content, `${ORIGIN}/storage/article/1/cover.jpg`),
    );
    await vi.waitFor(async () => expect(await store.images.count()).toBe(3));
    expect(imagesFetched.sort()).toEqual([
      "/storage/article/1/cover.jpg",
      "/storage/article/1/map.png",
      "/storage/article/1/seal.webp",
    ]);
    const image = await store.images.get("/storage/article/1/map.png");
    expect(await image?.blob.text()).toBe("/storage/article/1/map.png");

    await articles.read(request("JS-intro", "zh-CN", "JS"), async () => article("JS-intro", "no images"));
    expect(await store.images.count()).toBe(0);
  });

  it("keeps only the articles opened last", async () => {
    const articles = kept({ maxOpened: 2 });
    for (const uid of ["a", "b", "c"]) await articles.read(request(uid), async () => article(uid, uid));
    network.go(false);
    await expect(articles.read(request("a"), lost)).rejects.toBeInstanceOf(NotAvailableOffline);
    expect((await articles.read(request("b"), lost)).content).toBe("b");
    expect((await articles.read(request("c"), lost)).content).toBe("c");
  });
});

describe("the articles of a downloaded tripitaka", () => {
  const server = (asked: ArticleRequest[]) => async (wanted: ArticleRequest) => {
    asked.push(wanted);
    if (wanted.uid === "TS-donors") throw new ApiError("HTTP 404", 404, 404, false);
    return article(
      `${wanted.uid}${wanted.lang === "zh-CN" ? "" : `.${wanted.lang}`}`,
      `![](/storage/${wanted.uid}.png)`,
    );
  };

  it("keeps its introduction and staff page while it has a download, once", async () => {
    const articles = kept();
    const asked: ArticleRequest[] = [];
    await articles.followDownloads(["TS"], "en", server(asked));
    expect(asked.map((one) => one.uid)).toEqual(["TS-intro", "TS-staff", "TS-donors"]);
    await articles.followDownloads(["TS"], "en", server(asked));
    expect(asked).toHaveLength(3);

    network.go(false);
    expect((await articles.read(request("TS-intro", "en", "TS"), lost)).uid).toBe("TS-intro.en");
    expect((await articles.read(request("TS-staff", "en", "TS"), lost)).uid).toBe("TS-staff.en");
    await expect(articles.read(request("TS-intro", "zh-CN", "TS"), lost)).rejects.toBeInstanceOf(
      NotAvailableOffline,
    );
    expect(await store.images.count()).toBe(2);
  });

  it("lets them go with the tripitaka's last download, except what a screen opened", async () => {
    const articles = kept();
    await articles.followDownloads(["TS", "JS"], "zh-CN", server([]));
    await articles.read(request("TS-staff", "zh-CN", "TS"), async () => article("TS-staff", "opened"));
    await articles.followDownloads(["JS"], "zh-CN", server([]));

    network.go(false);
    await expect(articles.read(request("TS-intro", "zh-CN", "TS"), lost)).rejects.toBeInstanceOf(
      NotAvailableOffline,
    );
    expect((await articles.read(request("TS-staff", "zh-CN", "TS"), lost)).content).toBe("opened");
    expect((await articles.read(request("JS-intro", "zh-CN", "JS"), lost)).uid).toBe("JS-intro");
    expect((await store.images.toCollection().primaryKeys()).sort()).toEqual([
      "/storage/JS-donors.png",
      "/storage/JS-intro.png",
      "/storage/JS-staff.png",
    ]);
  });

  it("waits for a network to fetch what is missing", async () => {
    const articles = kept();
    network.go(false);
    const asked: ArticleRequest[] = [];
    await articles.followDownloads(["TS"], "zh-CN", server(asked));
    expect(asked).toHaveLength(0);
    network.go(true);
    await articles.followDownloads(["TS"], "zh-CN", async () => lost());
    expect(await store.articles.count()).toBe(0);
    await articles.followDownloads(["TS"], "zh-CN", server(asked));
    expect(await store.articles.count()).toBe(2);
  });
});

describe("the images an article shows", () => {
  it("are this site's storage paths named by markdown, HTML and references", () => {
    const markdown = [
      '![a](/storage/article/a.png) ![b](<https://canon.example/storage/article/b.png> "title")',
      '<p><img alt="c" src="/storage/article/c.png"></p>',
      "![d][ref] ![external](https://elsewhere.example/storage/x.png) ![icon](/icons/logo.png)",
      "",
      "[ref]: /storage/article/d.png",
      "![a again](/storage/article/a.png)",
    ].join("\n");
    expect(articleImagePaths(markdown, ORIGIN)).toEqual([
      "/storage/article/a.png",
      "/storage/article/b.png",
      "/storage/article/c.png",
      "/storage/article/d.png",
    ]);
    expect(keptImagePaths({ content: "", cover_url: "/storage/article/cover.jpg" }, ORIGIN)).toEqual([
      "/storage/article/cover.jpg",
    ]);
    expect(keptImagePaths({ content: "", cover_url: "" }, ORIGIN)).toEqual([]);
  });
});

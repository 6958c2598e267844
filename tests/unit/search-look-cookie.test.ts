// @vitest-environment jsdom
/**
 * The cookie that tells the server whether a reader's searches look as a guest's do by default
 * (src/features/search/searchLookCookie.ts): own settings, downloaded texts only or being signed in
 * set it; going back to the defaults clears it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { TOKEN_KEY } from "../../src/auth/authState.ts";
import { rememberSearchLook } from "../../src/features/search/searchLookCookie.ts";
import { SEARCH_SETTINGS_KEY } from "../../src/features/search/searchSettings.ts";
import { LOCAL_SEARCH_KEY } from "../../src/offline/search/localSearchChoice.ts";

const looked = () => {
  rememberSearchLook(document, localStorage);
  return document.cookie.split("; ").includes("search_look=own");
};

describe("the search-look cookie", () => {
  afterEach(() => {
    localStorage.clear();
    rememberSearchLook(document, localStorage);
  });

  it("says a reader's searches are their own, and is cleared when they are a guest's again", () => {
    expect(looked()).toBe(false);
    localStorage.setItem(SEARCH_SETTINGS_KEY, JSON.stringify({ textType: "std_txt", transMode: null }));
    expect(looked()).toBe(true);
    localStorage.clear();
    expect(looked()).toBe(false);
    localStorage.setItem(LOCAL_SEARCH_KEY, "1");
    expect(looked()).toBe(true);
    localStorage.setItem(LOCAL_SEARCH_KEY, "0");
    expect(looked()).toBe(false);
    localStorage.setItem(TOKEN_KEY, "a.b.c");
    expect(looked()).toBe(true);
  });
});

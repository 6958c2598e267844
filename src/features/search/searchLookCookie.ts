/**
 * Tells the server whether this reader's searches look as a guest's do by default, so that it puts
 * a search's answer and first results in the page only when the app would ask for the same search
 * and take the answer (server/plugins/search-drawing.ts). A signed-in reader's answer also counts
 * their groups, which the page's request does not carry.
 */
import { OWN_SEARCH_LOOK, SEARCH_LOOK_COOKIE } from "../../../contract/app-screens.ts";
import { keepPageCookie } from "../../api/pageCookie.ts";
import { type KeyValueStorage, TOKEN_KEY } from "../../auth/authState.ts";
import { readLocalChoice } from "../../offline/search/localSearchChoice.ts";
import { NO_CHOICE, readSearchSettings } from "./searchSettings.ts";

function searchesAsDefault(storage: Pick<KeyValueStorage, "getItem">): boolean {
  const settings = readSearchSettings(storage);
  let signedIn = false;
  try {
    signedIn = storage.getItem(TOKEN_KEY) !== null;
  } catch {
    // Without storage nobody stays signed in.
  }
  return (
    !signedIn &&
    settings.textType === NO_CHOICE.textType &&
    settings.transMode === NO_CHOICE.transMode &&
    !readLocalChoice(storage)
  );
}

export function rememberSearchLook(doc: Document, storage: Pick<KeyValueStorage, "getItem">): void {
  keepPageCookie(doc, SEARCH_LOOK_COOKIE, searchesAsDefault(storage) ? null : OWN_SEARCH_LOOK);
}

/** Tripitaka (edition) codes and text forms: plain values the server and the web app share. */

/** The 18 tripitaka (edition) codes the product's screens list (spec section 1). */
export const listedTripitakaCodes = [
  "TS",
  "FS",
  "GL",
  "HW",
  "JS",
  "KB",
  "LC",
  "PL",
  "PN",
  "QD",
  "QL",
  "QS",
  "SX",
  "YB",
  "YJ",
  "YN",
  "ZC",
  "ZF",
] as const;

export type ListedTripitakaCode = (typeof listedTripitakaCodes)[number];

export const DEFAULT_TRIPITAKA = "JS" satisfies ListedTripitakaCode;

/**
 * CBETA collections and the edition each one's text is read as. The eight listed pairs are the
 * spec's editions; X (卍新纂續藏經) and C (中華藏) are kept under the edition catalogue's own codes
 * WX and ZH, which the screens do not list.
 */
export const cbetaCollectionToTripitaka: Record<string, string> = {
  J: "JS",
  T: "TS",
  K: "GL",
  L: "QL",
  P: "YB",
  U: "HW",
  A: "ZC",
  F: "FS",
  X: "WX",
  C: "ZH",
};

/** Storage modes of the edition catalogue: how a page uid is built. */
export const storeModes = ["藏_册_页", "藏_经_卷_页", "藏_函_册_页"] as const;
export type StoreMode = (typeof storeModes)[number];

/** The four text forms (spec section 3). */
export const txtTypes = ["ori_txt", "uni_txt", "std_txt", "sim_txt"] as const;
export type TxtType = (typeof txtTypes)[number];
export const DEFAULT_TXT_TYPE: TxtType = "std_txt";

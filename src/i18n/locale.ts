/** The interface languages and the `lang` cookie, shared with the server (contract/locale-rules.ts). */
export * from "../../contract/locale-rules.ts";

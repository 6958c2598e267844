/** Picks one script out of the API's two-script names. */
export type Script = "trad" | "sim";

/** A tripitaka name is "traditional|simplified". */
export function tripitakaName(name: string, script: Script): string {
  const [trad, sim] = name.split("|");
  return (script === "sim" ? sim : trad) || trad || name;
}

/** A sutra name is "simplified|traditional" (author and config item names are "traditional|simplified"). */
export function sutraName(name: string, script: Script): string {
  const [sim, trad] = name.split("|");
  return (script === "sim" ? sim : trad) || sim || name;
}

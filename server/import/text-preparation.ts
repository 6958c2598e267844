/**
 * Everything the import makes of one work's CBETA files before it touches the database: the
 * source hash that tells an unchanged work, the parsed and prepared sutra, its colophons and the
 * searchable texts of its reels. It needs no database, so a worker thread does it beside the
 * writing (text-preparer.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { createTextFormConverter, type TextFormConverter } from "../../contract/text-forms.ts";
import { cbetaCollectionToTripitaka } from "../../contract/tripitaka.ts";
import { type IndexedReel, reelTextsOfLines } from "../modules/search/reel-texts.ts";
import { type AuthorityCatalog, loadAuthorityCatalog } from "./authority-catalog.ts";
import { CbetaParseError, parseCbetaXml, UNKNOWN_GAIJI_MARK } from "./cbeta-parser.ts";
import { type ColophonRow, colophonRows, mayHoldColophon } from "./colophons/colophon-writer.ts";
import { paragraphReader } from "./colophons/text-paragraphs.ts";
import { type GaijiCatalogue, loadGaiji } from "./gaiji.ts";
import { failureOf, type ImportFailure } from "./import-failure.ts";
import { type SutraToWrite, sutraToWrite } from "./line-rows.ts";
import { prepareSutra } from "./prepare-sutra.ts";

/** Bumped when the reading rules change, so every text is imported again. */
const IMPORTER_VERSION = "3";

export type WorkToPrepare = {
  collection: string;
  workNo: string;
  /** The work's files in volume order, and as the report names them. */
  files: string[];
  shownFiles: string[];
  /** The source hash stored with the work's sutra by an earlier import. */
  knownHash: string | null;
  /** The tripitaka of a collection the sources map themselves (CanonSources.collections). */
  tripitakaUid?: string | undefined;
};

export type PreparedWork =
  | { kind: "unchanged" }
  | { kind: "failed"; failure: ImportFailure }
  | {
      kind: "prepared";
      sutra: SutraToWrite;
      sourceHash: string;
      colophons: ColophonRow[];
      /** The reels' searchable texts from the prepared lines. */
      reelTexts: Map<string, IndexedReel>;
      /** Unknown gaiji, written as UNKNOWN_GAIJI_MARK. */
      warnings: ImportFailure[];
    };

export type PreparationSources = { gaijiDir: string | null; metadataDir: string | null };

export type PreparationContext = {
  gaiji: GaijiCatalogue;
  converter: TextFormConverter;
  catalog: AuthorityCatalog;
};

export function loadPreparationContext(sources: PreparationSources): PreparationContext {
  const gaiji = loadGaiji(sources.gaijiDir);
  return {
    gaiji,
    converter: createTextFormConverter(gaiji.forms),
    catalog: loadAuthorityCatalog(sources.metadataDir),
  };
}

export function prepareWork(work: WorkToPrepare, context: PreparationContext): PreparedWork {
  const shown = work.shownFiles[0] as string;
  try {
    const tripitakaUid = work.tripitakaUid ?? cbetaCollectionToTripitaka[work.collection];
    if (!tripitakaUid)
      throw new CbetaParseError(`no edition is mapped for CBETA collection ${work.collection}`, null);
    const files = work.files.map((file) => readFileSync(file));
    const entry = context.catalog.entry(work.collection, work.workNo);
    const hash = createHash("sha256").update(`${IMPORTER_VERSION}\n${JSON.stringify(entry)}\n`);
    // The bytes as read: the UTF-8 of the text, without encoding it again.
    for (const bytes of files) hash.update(bytes);
    const sourceHash = hash.digest("hex");
    if (work.knownHash === sourceHash) return { kind: "unchanged" };
    const xmls = files.map((bytes) => bytes.toString("utf8"));
    const paragraphs = xmls.map((xml) =>
      mayHoldColophon(xml) ? paragraphReader(work.collection, context.gaiji) : null,
    );
    const parts = xmls.map((xml, i) => {
      try {
        const reader = paragraphs[i] ?? undefined;
        return parseCbetaXml(xml, basename(work.files[i] as string, ".xml"), context.gaiji, reader);
      } catch (error) {
        throw Object.assign(error as Error, { canonFile: work.shownFiles[i] });
      }
    });
    const sutra = prepareSutra(parts, tripitakaUid, entry, context.converter);
    const warnings: ImportFailure[] = [];
    parts.forEach((part, i) => {
      for (const { code, line } of part.unknownGaiji)
        warnings.push({
          file: work.shownFiles[i] as string,
          line,
          message: `unknown gaiji ${code}: written as ${UNKNOWN_GAIJI_MARK}`,
        });
    });
    return {
      kind: "prepared",
      sutra: sutraToWrite(sutra),
      sourceHash,
      colophons: colophonRows(
        xmls,
        parts,
        sutra,
        context.gaiji,
        paragraphs.map((reader) => reader?.finish() ?? null),
      ),
      reelTexts: reelTextsOfLines(
        sutra.reels.map((reel) => reel.uid),
        sutra.lines,
      ),
      warnings,
    };
  } catch (error) {
    const file = (error as { canonFile?: string }).canonFile ?? shown;
    return { kind: "failed", failure: failureOf(file, error) };
  }
}

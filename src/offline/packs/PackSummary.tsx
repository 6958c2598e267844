/**
 * What a pack holds, from its manifest, before anything is installed: who made it and when, the
 * canon version of each tripitaka, each download with its scope, text forms, items and size, and
 * whether it carries the search index.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { sutraName } from "../../../contract/names.ts";
import { downloadIdOf } from "../../../contract/offline-library.ts";
import type { PackManifest } from "../../../contract/pack.ts";
import { useScript } from "../../app/shell/script.tsx";
import { readerText } from "../../features/reader-reel/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { scopeText } from "../library/messages.ts";
import { formatBytes } from "../library/planParts.ts";
import { shownDate } from "../library/shownDate.ts";
import { packText as t } from "./messages.ts";

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
});

/** Bytes each item key counts for, from the parts that carry it. */
function itemBytes(manifest: PackManifest): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const part of manifest.parts) {
    for (const [at, key] of part.keys.entries()) bytes.set(key, part.item_bytes[at] ?? 0);
  }
  return bytes;
}

export function PackSummary({
  manifest,
  name,
  size,
}: {
  manifest: PackManifest;
  name: string;
  size: number;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { script } = useScript();
  const sizes = itemBytes(manifest);
  const made = manifest.made_by === "server" ? t.madeByServer : t.madeByDevice;
  return (
    <div className={stack.xs} data-pack-summary data-pack-made-by={manifest.made_by}>
      <Text weight="semibold">{tr(i18n, t.fileName, { name, size: formatBytes(size) })}</Text>
      <Text>{tr(i18n, made, { date: shownDate(manifest.created_at) })}</Text>
      {Object.entries(manifest.canon_versions).map(([tripitaka, version]) => (
        <Text key={tripitaka} size={200} data-pack-canon-version={tripitaka}>
          {tr(i18n, t.canonVersion, { tripitaka, version })}
        </Text>
      ))}
      <ul className={styles.list}>
        {manifest.downloads.map((download) => {
          const id = downloadIdOf(download.tripitaka_uid, download.scope);
          const bytes = download.keys.reduce((n, key) => n + (sizes.get(key) ?? 0), 0);
          const forms = download.txt_types.map((type) => i18n._(readerText[type])).join("、");
          return (
            <li key={id} data-pack-download={id}>
              <Text>
                {tr(i18n, t.packDownload, {
                  label: sutraName(download.label, script),
                  scope: i18n._(scopeText[download.scope.kind]),
                  forms: download.with_images ? `${forms}、${i18n._(t.withImages)}` : forms,
                  count: download.keys.length,
                  size: formatBytes(bytes),
                })}
              </Text>
            </li>
          );
        })}
      </ul>
      <Text size={200}>
        {manifest.index ? tr(i18n, t.hasIndex, { reels: manifest.index.reels }) : i18n._(t.noIndex)}
      </Text>
    </div>
  );
}

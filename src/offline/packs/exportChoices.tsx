/**
 * What the export dialog offers: everything, each complete download, and each custom group of the
 * signed-in reader (of a tripitaka with a complete download) with at least one sutra stored here.
 * The groups are the reader's own as this device mirrors them, read per tripitaka by a small
 * component each (a hook per tripitaka), so they are there offline too.
 */
import { type ReactNode, useCallback, useEffect, useState } from "react";
import type { StoredDownload } from "../../../contract/offline-library.ts";
import type { SutraGroup } from "../../../contract/personal.ts";
import { useLoad } from "../../ui/useLoad.ts";
import type { OfflineLibrary } from "../library/db.ts";
import { useGroupsMirror } from "../outbox/hooks.ts";
import type { ExportSelection } from "./exportSelection.ts";

export type ExportChoice = {
  /** The radio's value: "library", `download:{id}` or `group:{tripitaka}:{name}`. */
  value: string;
  label: string;
  /** What the file is named after. */
  fileLabel: string;
  selection: ExportSelection;
};

export type ChoiceLabels = {
  everything: string;
  download(download: StoredDownload): string;
  group(name: string, count: number): string;
  /** A download's label as the reader reads it (its name in their script). */
  fileName(label: string): string;
};

function GroupSource(props: {
  tripitakaUid: string;
  onGroups(tripitakaUid: string, groups: SutraGroup[]): void;
}) {
  const groups = useGroupsMirror(props.tripitakaUid);
  const { tripitakaUid, onGroups } = props;
  useEffect(() => onGroups(tripitakaUid, groups), [tripitakaUid, groups, onGroups]);
  return null;
}

export function useExportChoices(
  db: OfflineLibrary,
  downloads: readonly StoredDownload[],
  labels: ChoiceLabels,
): { choices: ExportChoice[]; sources: ReactNode } {
  const complete = downloads.filter((download) => download.status === "complete");
  const tripitakas = [...new Set(complete.map((download) => download.tripitaka_uid))].sort();
  const [groupsBy, setGroupsBy] = useState<Record<string, SutraGroup[]>>({});
  const onGroups = useCallback(
    (tripitakaUid: string, groups: SutraGroup[]) =>
      setGroupsBy((current) =>
        current[tripitakaUid] === groups ? current : { ...current, [tripitakaUid]: groups },
      ),
    [],
  );
  const stored = useLoad(tripitakas.join(","), async () => {
    const uids = new Map<string, Set<string>>();
    for (const uid of tripitakas)
      uids.set(uid, new Set(await db.sutras.where("tripitaka_uid").equals(uid).primaryKeys()));
    return uids;
  });

  const choices: ExportChoice[] = [];
  if (complete.length > 0)
    choices.push({
      value: "library",
      label: labels.everything,
      fileLabel: labels.everything,
      selection: { kind: "library" },
    });
  for (const download of complete) {
    choices.push({
      value: `download:${download.id}`,
      label: labels.download(download),
      fileLabel: labels.fileName(download.label),
      selection: { kind: "downloads", ids: [download.id] },
    });
  }
  for (const tripitakaUid of tripitakas) {
    const here = stored.data?.get(tripitakaUid);
    for (const group of groupsBy[tripitakaUid] ?? []) {
      const count = here ? group.sutra_uids.filter((uid) => here.has(uid)).length : 0;
      if (count === 0) continue;
      choices.push({
        value: `group:${tripitakaUid}:${group.name}`,
        label: labels.group(group.name, count),
        fileLabel: group.name,
        selection: {
          kind: "group",
          tripitaka_uid: tripitakaUid,
          group_name: group.name,
          sutra_uids: group.sutra_uids,
        },
      });
    }
  }
  const sources = tripitakas.map((uid) => <GroupSource key={uid} tripitakaUid={uid} onGroups={onGroups} />);
  return { choices, sources };
}

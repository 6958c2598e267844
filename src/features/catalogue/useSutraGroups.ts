/**
 * The signed-in reader's groups of one tripitaka as this device knows them (the server's, with the
 * changes not yet sent applied on top), refreshed from the server when online and after `reload`;
 * and the changes, each stored on the device first and sent at once when online.
 */
import { useMemo } from "react";
import type { SutraGroup } from "../../../contract/personal.ts";
import { useGroupsMirror, useUserId } from "../../offline/outbox/hooks.ts";
import * as m from "../../offline/outbox/mutations.ts";
import { useWrite } from "../../offline/outbox/useWrite.ts";
import { useCatalogue } from "./CatalogueContext.tsx";

export type SutraGroups = {
  signedIn: boolean;
  groups: SutraGroup[];
  reload(): void;
  create(name: string): Promise<void>;
  rename(id: number, name: string): Promise<void>;
  remove(id: number): Promise<void>;
  reorder(order: Record<number, number>): Promise<void>;
  addSutras(name: string, sutraUids: string[]): Promise<void>;
  removeSutra(name: string, sutraUid: string): Promise<void>;
};

export function useSutraGroups(tripitakaUid: string): SutraGroups {
  const { groupsVersion, groupsChanged } = useCatalogue();
  const signedIn = useUserId() !== null;
  const groups = useGroupsMirror(tripitakaUid, groupsVersion);
  const write = useWrite();
  const uid = tripitakaUid;
  const changes = useMemo(
    () => ({
      create: (name: string) => write((ctx) => m.createGroup(ctx, uid, name)),
      rename: (id: number, name: string) => write((ctx) => m.renameGroup(ctx, uid, id, name)),
      remove: (id: number) => write((ctx) => m.deleteGroup(ctx, uid, id)),
      reorder: (order: Record<number, number>) => write((ctx) => m.reorderGroups(ctx, uid, order)),
      addSutras: (name: string, sutraUids: string[]) =>
        write((ctx) => m.addSutrasToGroup(ctx, uid, name, sutraUids)),
      removeSutra: (name: string, sutraUid: string) =>
        write((ctx) => m.removeSutraFromGroup(ctx, uid, name, sutraUid)),
    }),
    [write, uid],
  );
  return { signedIn, groups, reload: groupsChanged, ...changes };
}

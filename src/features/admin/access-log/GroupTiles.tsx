/**
 * The group tab: one tile per user, action type, hour, day or month with its count of events,
 * 100 a page with their own pager. A tile opens the list filtered by it; the tile of visitors not
 * signed in opens nothing, since the list cannot pick them out.
 */
import { Button, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { Paged } from "../../../../contract/envelope.ts";
import type { OplogGroup } from "../../../../contract/oplog.ts";
import type { OplogGroupType } from "../../../../contract/oplog-rules.ts";
import { tr } from "../../../i18n/translate.ts";
import type { PageSize } from "../../../ui/pagination.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import type { Load } from "../../../ui/useLoad.ts";
import { PagedResult } from "../../list-screen/ListTable.tsx";
import { isTrackingEvent } from "./accessLogList.ts";
import { eventText, accessLogText as t } from "./text.ts";
import type { UserNames } from "./useUserNames.ts";

const useStyles = makeStyles({
  tiles: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
    gap: tokens.spacingHorizontalM,
  },
  // A tile that opens the list (a button) and one that does not (a box) fill their cell alike.
  tile: {
    boxSizing: "border-box",
    width: "100%",
    height: "100%",
    alignItems: "flex-start",
    justifyContent: "flex-start",
    minHeight: "72px",
    padding: tokens.spacingHorizontalM,
    textAlign: "start",
  },
  still: {
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  name: { overflowWrap: "anywhere" },
  count: { color: tokens.colorNeutralForeground3 },
});

function tileName(i18n: I18n, groupType: OplogGroupType, tile: OplogGroup, names: UserNames): string {
  if (groupType === "userid") return tile.userid === null ? i18n._(t.visitor) : names(tile.userid, tile.name);
  if (groupType === "event_id" && tile.name !== null && isTrackingEvent(tile.name))
    return i18n._(eventText[tile.name]);
  return tile.name ?? "";
}

export function GroupTiles(props: {
  load: Load<Paged<OplogGroup>>;
  groupType: OplogGroupType;
  names: UserNames;
  pageNo: number;
  pageSize: PageSize;
  onPage(pageNo: number, pageSize: PageSize): void;
  /** Opens the list for a tile; false when the tile names nothing the list can filter by. */
  canOpen(tile: OplogGroup): boolean;
  onOpen(tile: OplogGroup): void;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  return (
    <PagedResult
      load={props.load}
      pageNo={props.pageNo}
      pageSize={props.pageSize}
      onPage={props.onPage}
      state="data-access-groups"
    >
      {(tiles) => (
        <ul className={styles.tiles} aria-label={i18n._(t.groupsLabel)}>
          {tiles.map((tile) => {
            const name = tileName(i18n, props.groupType, tile, props.names);
            const body = (
              <>
                <Text weight="semibold" className={styles.name}>
                  {name}
                </Text>
                <Text className={styles.count}>{tr(i18n, t.tileCount, { count: tile.count })}</Text>
              </>
            );
            const hooks = {
              "data-group-tile": tile.name ?? "",
              "data-userid": tile.userid === null ? "" : String(tile.userid),
              "data-count": String(tile.count),
            };
            return (
              <li key={`${tile.userid ?? ""}:${tile.name ?? ""}`}>
                {props.canOpen(tile) ? (
                  <Button
                    className={mergeClasses(stack.xs, styles.tile)}
                    title={tr(i18n, t.openTile, { name })}
                    onClick={() => props.onOpen(tile)}
                    {...hooks}
                  >
                    {body}
                  </Button>
                ) : (
                  <div className={mergeClasses(stack.xs, styles.tile, styles.still)} {...hooks}>
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </PagedResult>
  );
}

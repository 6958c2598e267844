/**
 * `/admin/access-log` (spec section 2): the operation log filtered by user, action types and time
 * range, seen as groups (by user unless the Statistics choice says action type, hour, day or
 * month; 100 tiles a page) or as a list (10 entries a page, with the columns the administrator
 * chose). A tile opens the list filtered by it. The query lives in the address.
 */
import { Field, makeStyles, Select } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { OPLOG_GROUP_TYPES, type OplogGroupType } from "../../../../contract/oplog-rules.ts";
import { fetchOplogGroups, fetchOplogList } from "../../../api/adminOplog.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { ColumnChooser } from "../../../ui/ColumnChooser.tsx";
import { PanelTabs } from "../../../ui/PanelTabs.tsx";
import { useLoad } from "../../../ui/useLoad.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { useStoredColumns } from "../../../ui/useStoredColumns.ts";
import { FilterInput } from "../../list-screen/FilterInput.tsx";
import { ListScreenFrame } from "../../list-screen/ListScreen.tsx";
import { ListSearchForm } from "../../list-screen/ListSearchForm.tsx";
import { ListTable } from "../../list-screen/ListTable.tsx";
import { type ListControls, useListSearch } from "../../list-screen/useListSearch.ts";
import { wallTime } from "../../list-screen/wallTime.ts";
import { type AdminClock, useAdminClock } from "../adminClock.ts";
import { accessLogColumns } from "./accessLogColumns.tsx";
import {
  ACCESS_LOG_COLUMN_IDS,
  ACCESS_LOG_COLUMNS_KEY,
  DEFAULT_START,
  oplogFilter,
  tileFilters,
} from "./accessLogList.ts";
import { ACCESS_LOG, type AccessLogFilterSpec } from "./accessLogSearch.ts";
import { GroupTiles } from "./GroupTiles.tsx";
import { columnText, eventText, groupTypeText, accessLogText as t, tabText } from "./text.ts";
import { UserFilter } from "./UserFilter.tsx";
import { useUserNames } from "./useUserNames.ts";

type Controls = ListControls<AccessLogFilterSpec, NonNullable<(typeof ACCESS_LOG)["views"]>>;

const useStyles = makeStyles({
  grouping: { minWidth: "140px" },
});

const isGroupType = (value: string): value is OplogGroupType =>
  (OPLOG_GROUP_TYPES as readonly string[]).includes(value);

export function AccessLogPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const controls: Controls = useListSearch(ACCESS_LOG);
  const clock = useAdminClock();
  const { tab, group_type: groupType } = controls.extras.views;
  const chosenUser = controls.draft.user;
  const filterNames = useUserNames(chosenUser === "" ? [] : [Number(chosenUser)]);
  const [visible, setVisible] = useStoredColumns(
    ACCESS_LOG_COLUMNS_KEY,
    ACCESS_LOG_COLUMN_IDS,
    ACCESS_LOG_COLUMN_IDS,
  );
  const choosable = ACCESS_LOG_COLUMN_IDS.map((id) => ({ id, label: i18n._(columnText[id]) }));

  return (
    <ListScreenFrame
      title={routeTitles.adminAccessLog}
      attributes={{ "data-admin-access-log": tab, "data-search": controls.address }}
    >
      <ListSearchForm
        controls={controls}
        actions={
          <>
            <Field label={i18n._(t.grouping)} className={styles.grouping}>
              <Select
                name="group_type"
                value={groupType}
                onChange={(_, data) => {
                  if (isGroupType(data.value)) controls.chooseViews({ group_type: data.value, tab: "group" });
                }}
              >
                {OPLOG_GROUP_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {i18n._(groupTypeText[type])}
                  </option>
                ))}
              </Select>
            </Field>
            {tab === "list" && <ColumnChooser columns={choosable} visible={visible} onChange={setVisible} />}
          </>
        }
      >
        <UserFilter controls={controls} names={filterNames} />
        <FilterInput controls={controls} field={{ name: "types", label: t.types, choices: eventText }} />
        <FilterInput
          controls={controls}
          field={{
            name: "start",
            label: t.start,
            hint: { ...t.startHint, values: { start: DEFAULT_START } },
          }}
        />
        <FilterInput controls={controls} field={{ name: "end", label: t.end, hint: t.endHint }} />
      </ListSearchForm>
      <PanelTabs
        tabs={[
          { value: "group", label: i18n._(tabText.group), "data-access-tab": "group" },
          { value: "list", label: i18n._(tabText.list), "data-access-tab": "list" },
        ]}
        selected={tab}
        onSelect={(value) => controls.chooseViews({ tab: value })}
      />
      {tab === "list" ? (
        <EntryList controls={controls} clock={clock} visible={visible} />
      ) : (
        <GroupList controls={controls} clock={clock} groupType={groupType} />
      )}
    </ListScreenFrame>
  );
}

function EntryList(props: { controls: Controls; clock: AdminClock; visible: readonly string[] }) {
  const { i18n } = useLingui();
  const { api } = useServices();
  const { controls, clock } = props;
  const load = useLoad(`list:${controls.loadKey}`, (signal) =>
    fetchOplogList(
      api,
      oplogFilter(controls.search, wallTime(clock.now(), clock.timeZone)),
      { page_no: controls.search.page_no, page_size: controls.search.page_size },
      signal,
    ),
  );
  const rows = (load.data ?? load.latest)?.list ?? [];
  const names = useUserNames(rows.flatMap((row) => (row.userid === null ? [] : [row.userid])));
  const time = useShownTime();
  const columns = accessLogColumns(i18n, names, time, controls.extras.views.txt_type).filter((column) =>
    props.visible.includes(column.id),
  );
  return (
    <ListTable
      controls={controls}
      load={load}
      columns={columns}
      rowKey={(row) => String(row._id)}
      rowAttributes={(row) => ({
        "data-log-entry": String(row._id),
        "data-userid": row.userid === null ? "" : String(row.userid),
        "data-event": row.event_id,
      })}
      ariaLabel={i18n._(t.tableLabel)}
    />
  );
}

function GroupList(props: { controls: Controls; clock: AdminClock; groupType: OplogGroupType }) {
  const { api } = useServices();
  const { controls, clock, groupType } = props;
  const { page_no_group: pageNo, page_size_group: pageSize } = controls.extras;
  const load = useLoad(`groups:${controls.loadKey}`, (signal) =>
    fetchOplogGroups(
      api,
      oplogFilter(controls.search, wallTime(clock.now(), clock.timeZone)),
      groupType,
      { page_no: pageNo, page_size: pageSize },
      signal,
    ),
  );
  const tiles = (load.data ?? load.latest)?.list ?? [];
  const names = useUserNames(
    groupType === "userid" ? tiles.flatMap((tile) => (tile.userid === null ? [] : [tile.userid])) : [],
  );
  return (
    <GroupTiles
      load={load}
      groupType={groupType}
      names={names}
      pageNo={pageNo}
      pageSize={pageSize}
      onPage={controls.chooseGroupPage}
      canOpen={(tile) => tileFilters(groupType, tile, controls.search.filters) !== null}
      onOpen={(tile) => {
        const filters = tileFilters(groupType, tile, controls.search.filters);
        if (filters) controls.chooseViews({ tab: "list" }, filters);
      }}
    />
  );
}

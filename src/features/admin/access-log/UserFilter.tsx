/**
 * The access log's user filter: a combobox that finds users by username or nickname through
 * `/oplog/users?keyword=` as the administrator types, and keeps the chosen user's id as the draft
 * (shown by name). Emptying the box clears the filter.
 */
import { Combobox, Field, makeStyles, Option } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { fetchOplogUsers } from "../../../api/adminOplog.ts";
import { useServices } from "../../../app/shell/services.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import type { ListControls } from "../../list-screen/useListSearch.ts";
import { useDebouncedValue } from "../articles/useDebouncedValue.ts";
import type { AccessLogFilterSpec } from "./accessLogSearch.ts";
import { accessLogText as t } from "./text.ts";
import type { UserNames } from "./useUserNames.ts";

const TYPING_PAUSE_MS = 300;
const NO_USERS: Record<string, string | null> = {};

const useStyles = makeStyles({ field: { minWidth: "250px", maxWidth: "300px" } });

export function UserFilter(props: { controls: ListControls<AccessLogFilterSpec>; names: UserNames }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const chosen = props.controls.draft.user;
  // What the administrator typed while this user was chosen; once another is chosen (here, by a
  // tile or from the address) the box shows that user's name again.
  const [typing, setTyping] = useState<{ text: string; over: string } | null>(null);
  const typed = typing?.over === chosen ? typing.text : null;
  const [open, setOpen] = useState(false);
  // The name of the user picked here, shown until the lookup of the chosen user answers.
  const [picked, setPicked] = useState<{ id: string; name: string | null } | null>(null);
  const keyword = useDebouncedValue((typed ?? "").trim(), TYPING_PAUSE_MS);
  const found = useLoad(`user-search:${keyword}`, (signal) =>
    keyword === "" ? Promise.resolve(NO_USERS) : fetchOplogUsers(api, { keyword }, signal),
  );
  const options = Object.entries(found.data ?? found.latest ?? {});

  const shownName =
    chosen === "" ? "" : props.names(Number(chosen), picked?.id === chosen ? picked.name : null);
  return (
    <Field label={i18n._(t.user)} className={styles.field}>
      <Combobox
        name="user"
        clearable
        placeholder={i18n._(t.userSearch)}
        value={typed ?? shownName}
        selectedOptions={chosen === "" ? [] : [chosen]}
        open={open}
        onOpenChange={(_, data) => setOpen(data.open)}
        onChange={(event) => {
          setTyping({ text: event.target.value, over: chosen });
          setOpen(event.target.value !== "");
          if (event.target.value === "") props.controls.setDraft("user", "");
        }}
        onOptionSelect={(_, data) => {
          const id = data.optionValue ?? "";
          setTyping(null);
          setPicked({ id, name: data.optionText ?? null });
          props.controls.setDraft("user", id);
        }}
        data-user-filter={chosen}
      >
        {options.length === 0 && keyword !== "" && !found.loading ? (
          <Option value="" text="" disabled>
            {i18n._(t.noUserFound)}
          </Option>
        ) : (
          options.map(([id, name]) => (
            <Option key={id} value={id} text={name ?? id} data-user-option={id}>
              {name ?? id}
            </Option>
          ))
        )}
      </Combobox>
    </Field>
  );
}

/**
 * Where the results on show come from: a "本地" (downloaded texts) or "在线" (server) mark on the
 * list, a note while the server's answer is still on its way, and, when only downloaded texts can
 * be searched and none of this tripitaka are, a clear message with the way to the downloads.
 */
import {
  Badge,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Text,
  tokens,
} from "@fluentui/react-components";
import { CloudRegular, HardDriveRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useRouter } from "@tanstack/react-router";
import { useOnline } from "../../offline/network.ts";
import { DOWNLOADS_PATH } from "../../offline/reading/NotAvailableOffline.tsx";
import { offlineSearchText as t } from "../../offline/search/messages.ts";
import type { SearchData } from "./useSearchData.ts";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  note: { color: tokens.colorNeutralForeground3 },
});

type Props = Pick<SearchData, "source" | "localOnly" | "nothingLocal" | "indexing"> & {
  /** A result is on show. */
  shown: boolean;
  /** The server's answer is still coming. */
  pending: boolean;
};

export function SearchSource(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const online = useOnline();
  const router = useRouter();
  if (props.nothingLocal) {
    return (
      <MessageBar intent="warning" layout="multiline" data-search-nothing-local>
        <MessageBarBody>
          <MessageBarTitle>{i18n._(t.nothingTitle)}</MessageBarTitle>
          {i18n._(online ? t.nothingLocal : t.nothingOffline)}
        </MessageBarBody>
        <MessageBarActions>
          <Link
            href={DOWNLOADS_PATH}
            onClick={(event) => {
              event.preventDefault();
              void router.navigate({ href: DOWNLOADS_PATH });
            }}
          >
            {i18n._(t.downloads)}
          </Link>
        </MessageBarActions>
      </MessageBar>
    );
  }
  if (!props.shown) {
    return props.indexing && props.localOnly ? (
      <Text size={200} className={styles.note} data-search-indexing>
        {i18n._(t.indexing)}
      </Text>
    ) : null;
  }
  const local = props.source === "local";
  return (
    <div className={styles.row} data-search-source={props.source}>
      <Badge
        appearance="tint"
        color={local ? "success" : "informative"}
        icon={local ? <HardDriveRegular /> : <CloudRegular />}
      >
        {i18n._(local ? t.local : t.server)}
      </Badge>
      <Text size={200} className={styles.note}>
        {i18n._(local ? t.localNote : t.serverNote)}
      </Text>
      {local && props.pending && !props.localOnly && (
        <Text size={200} className={styles.note} data-search-server-pending>
          {i18n._(t.serverPending)}
        </Text>
      )}
      {local && props.indexing && (
        <Text size={200} className={styles.note}>
          {i18n._(t.indexing)}
        </Text>
      )}
    </div>
  );
}

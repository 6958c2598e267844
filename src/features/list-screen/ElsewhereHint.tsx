/**
 * What an empty, unfiltered research list says instead of "no matching records": that this
 * tripitaka has none of these records, and which other tripitakas do, each a link to the same
 * list there. The other tripitakas are asked for their count (a page of one row) only when the
 * list comes back empty.
 */
import { Text } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { tripitakaName } from "../../../contract/names.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { listScreenText as t } from "./text.ts";

export function ElsewhereHint(props: {
  /** The tripitaka of the list. */
  tripitakaUid: string;
  /** The list's route. */
  to: "/$tripitaka/colophon" | "/$tripitaka/char-image" | "/$tripitaka/char-type";
  /** "{tripitaka} has no … in this library." */
  none: MessageDescriptor;
  /** How many records the list holds in a tripitaka. */
  countIn(tripitakaUid: string, signal: AbortSignal): Promise<number>;
}) {
  const { i18n } = useLingui();
  const { tripitakas } = useServices();
  const { script } = useScript();
  const stack = useStackStyles();
  const others = useLoad(`elsewhere|${props.to}|${props.tripitakaUid}`, async (signal) => {
    const listed = (await tripitakas()).filter((item) => item.is_listed);
    const counted = await Promise.all(
      listed
        .filter((item) => item.uid !== props.tripitakaUid)
        .map(async (item) => ({ item, count: await props.countIn(item.uid, signal).catch(() => 0) })),
    );
    return {
      here: listed.find((item) => item.uid === props.tripitakaUid),
      with: counted.filter((c) => c.count > 0),
    };
  });
  if (others.loading) return <div data-elsewhere-hint="loading" />;
  const here = others.data?.here;
  return (
    <div className={stack.s} data-elsewhere-hint="ready">
      <Text>
        {tr(i18n, props.none, { tripitaka: here ? tripitakaName(here.name, script) : props.tripitakaUid })}
      </Text>
      {others.data && others.data.with.length > 0 && (
        <Text>
          {i18n._(t.elsewhere)}{" "}
          {others.data.with.map(({ item, count }, at) => (
            <span key={item.uid}>
              {at > 0 && i18n._(t.listSeparator)}
              <RouterLink to={props.to} params={{ tripitaka: item.uid }} data-elsewhere={item.uid}>
                {tr(i18n, t.elsewhereItem, { tripitaka: tripitakaName(item.name, script), count })}
              </RouterLink>
            </span>
          ))}
        </Text>
      )}
    </div>
  );
}

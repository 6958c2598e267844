/**
 * The access log's columns (spec section 3, "Access log entry"): the user (visitors not signed in
 * as such), url, ip, user agent, the action, the tripitaka, the object (reel, page or keyword),
 * how long the reader stayed (LEAVE) and the time in the administrator's time zone.
 */
import { Link } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import type { OplogEntry } from "../../../../contract/oplog.ts";
import type { TxtType } from "../../../../contract/tripitaka.ts";
import type { DataColumn } from "../../../ui/DataTable.tsx";
import type { ShownTime } from "../../../ui/shownTime.ts";
import { ClippedText } from "../../list-screen/ClippedText.tsx";
import type { AccessLogColumnId } from "./accessLogList.ts";
import { objectHref } from "./accessLogObject.ts";
import { stayDuration } from "./stayDuration.ts";
import { columnText, eventText, accessLogText as t } from "./text.ts";
import type { UserNames } from "./useUserNames.ts";

type Column = DataColumn<OplogEntry> & { id: AccessLogColumnId };

/** The address with its escapes decoded (a keyword in the query reads as typed), as sent when not decodable. */
export function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

export function accessLogColumns(
  i18n: I18n,
  names: UserNames,
  time: ShownTime,
  txtType: TxtType | "",
): Column[] {
  const label = (id: AccessLogColumnId) => i18n._(columnText[id]);
  return [
    {
      id: "user",
      label: label("user"),
      render: (row) => (row.userid === null ? i18n._(t.visitor) : names(row.userid, row.username)),
    },
    { id: "url", label: label("url"), render: (row) => <ClippedText text={readableUrl(row.url)} /> },
    { id: "ip", label: label("ip"), width: "130px", render: (row) => row.ip },
    { id: "userAgent", label: label("userAgent"), render: (row) => <ClippedText text={row.user_agent} /> },
    { id: "event", label: label("event"), width: "110px", render: (row) => i18n._(eventText[row.event_id]) },
    { id: "tripitaka", label: label("tripitaka"), width: "70px", render: (row) => row.tripitaka_uid ?? "" },
    {
      id: "ouid",
      label: label("ouid"),
      render: (row) => {
        const text = <ClippedText text={row.ouid ?? ""} />;
        const href = objectHref(row, txtType);
        return href === null ? (
          text
        ) : (
          <Link href={href} target="_blank" rel="noopener" data-log-object={row.ouid ?? ""}>
            {text}
          </Link>
        );
      },
    },
    {
      id: "duration",
      label: label("duration"),
      width: "110px",
      render: (row) => (row.duration === null ? "" : stayDuration(row.duration, i18n.locale)),
    },
    { id: "time", label: label("time"), width: "170px", render: (row) => time.dateTime(row.created_at) },
  ];
}

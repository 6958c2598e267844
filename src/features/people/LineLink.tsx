/**
 * A line of the canon a person's record comes from: a link to the reel reader scrolled to that
 * line, or the line id alone when the text is not in the library.
 */
import { Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { peopleText as t } from "./text.ts";

export function LineLink(props: { lineId: string; reelUid: string | null; children?: ReactNode }) {
  const { i18n } = useLingui();
  const { lineId, reelUid } = props;
  if (!reelUid)
    return (
      <Text size={200} data-line={lineId}>
        {props.children ?? tr(i18n, t.lineNotInLibrary, { line: lineId })}
      </Text>
    );
  return (
    <RouterLink
      to="/scroll/$reelUid"
      params={{ reelUid }}
      search={{ cid: lineId }}
      data-line={lineId}
      data-reel={reelUid}
      title={tr(i18n, t.readAt, { line: lineId })}
    >
      {props.children ?? tr(i18n, t.readAt, { line: lineId })}
    </RouterLink>
  );
}

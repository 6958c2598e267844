/**
 * A person's biography: its title and collection, then each paragraph with a link to the reel
 * and line it starts on; the persons it names link to their pages and places are marked.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { Biography, TextPiece } from "../../../contract/persons.ts";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { LineLink } from "./LineLink.tsx";
import { peopleText as t } from "./text.ts";

const useStyles = makeStyles({
  paragraph: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    lineHeight: tokens.lineHeightBase500,
    fontSize: tokens.fontSizeBase400,
  },
  source: { display: "block", marginBottom: tokens.spacingVerticalXXS },
  place: {
    textDecorationLine: "underline",
    textDecorationStyle: "dotted",
    textUnderlineOffset: "3px",
  },
});

function Piece(props: { piece: TextPiece; subjectId: string | null }) {
  const styles = useStyles();
  const { piece } = props;
  if (piece.person_id && piece.person_id !== props.subjectId)
    return (
      <RouterLink
        to="/person/$personId"
        params={{ personId: piece.person_id }}
        data-text-person={piece.person_id}
      >
        {piece.text}
      </RouterLink>
    );
  if (piece.person_id) return <strong>{piece.text}</strong>;
  if (piece.place_id)
    return (
      <span className={styles.place} data-text-place={piece.place_id}>
        {piece.text}
      </span>
    );
  return piece.text;
}

export function BiographyText(props: { biography: Biography; subjectId: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { biography } = props;
  let offset = 0;
  return (
    <div data-biography={biography.id}>
      <Text as="h3" size={400} weight="semibold">
        {tr(i18n, t.biographyOf, { collection: biography.collection_title, title: biography.title })}
      </Text>
      {biography.paragraphs.map((paragraph) => (
        <p key={paragraph.sn} className={styles.paragraph} data-paragraph={paragraph.line_id}>
          <span className={styles.source}>
            <LineLink lineId={paragraph.line_id} reelUid={paragraph.reel_uid} />
          </span>
          {paragraph.pieces.map((piece) => {
            offset += piece.text.length;
            return <Piece key={`${paragraph.sn}-${offset}`} piece={piece} subjectId={props.subjectId} />;
          })}
        </p>
      ))}
    </div>
  );
}

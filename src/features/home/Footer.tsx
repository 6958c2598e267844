/**
 * The footer on home: download area, tools and dictionaries, about (the edition's staff and donors
 * pages, terms, privacy, the follow-on-WeChat QR), copyright and licence.
 */
import { Link, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { FollowQr } from "./FollowQr.tsx";
import { footerText as t } from "./homeMessages.ts";

const useStyles = makeStyles({
  footer: {
    marginTop: tokens.spacingVerticalXXXL,
    paddingTop: tokens.spacingVerticalXL,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    display: "grid",
    gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
    gap: tokens.spacingHorizontalXXL,
  },
  bottom: { gridColumn: "1 / -1" },
});

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

/** The edition's own pages about who made it. */
const editionPages = [
  { id: "staff", to: "/$tripitaka/staff", text: t.staff },
  { id: "donors", to: "/$tripitaka/donors", text: t.donors },
] as const;

export function HomeFooter(props: { tripitakaUid: string }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  return (
    <footer className={styles.footer}>
      <div className={stack.xs}>
        <Text weight="semibold">{i18n._(t.downloadTitle)}</Text>
        <Text size={200}>{i18n._(t.downloadText)}</Text>
      </div>
      <div className={stack.xs}>
        <Text weight="semibold">{i18n._(t.toolsTitle)}</Text>
        <Link href="https://www.zdic.net/" {...external}>
          {i18n._(t.charDictionary)}
        </Link>
        <Link href="https://dict.variants.moe.edu.tw/" {...external}>
          {i18n._(t.variantDictionary)}
        </Link>
        <Link href="https://glossaries.dila.edu.tw/" {...external}>
          {i18n._(t.buddhistDictionary)}
        </Link>
      </div>
      <div className={stack.xs}>
        <Text weight="semibold">{i18n._(t.aboutTitle)}</Text>
        {editionPages.map((page) => (
          <RouterLink
            key={page.id}
            to={page.to}
            params={{ tripitaka: props.tripitakaUid }}
            data-footer-link={page.id}
          >
            {i18n._(page.text)}
          </RouterLink>
        ))}
        <Link href="/terms">{i18n._(t.terms)}</Link>
        <Link href="/privacy">{i18n._(t.privacy)}</Link>
        <FollowQr />
      </div>
      <div className={mergeClasses(stack.xs, styles.bottom)}>
        <Text size={200}>{tr(i18n, t.copyright, { year: new Date().getFullYear() })}</Text>
        <Text size={200}>{i18n._(t.licence)}</Text>
      </div>
    </footer>
  );
}

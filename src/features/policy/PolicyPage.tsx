/** `/terms` and `/privacy`: the user agreement and the privacy policy. */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useStackStyles } from "../../ui/stack.ts";
import { type PolicyDocument, privacyDocument, termsDocument } from "./messages.ts";

const useStyles = makeStyles({
  article: { maxWidth: "760px", lineHeight: tokens.lineHeightBase400 },
});

function PolicyArticle(props: { document: PolicyDocument }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { document } = props;
  return (
    <article className={mergeClasses(stack.m, styles.article)}>
      <Text as="h1" size={700} weight="semibold">
        {i18n._(document.title)}
      </Text>
      <Text as="p">{i18n._(document.intro)}</Text>
      {document.sections.map((section) => (
        <section key={section.heading.id}>
          <Text as="h2" size={500} weight="semibold" block>
            {i18n._(section.heading)}
          </Text>
          <Text as="p">{i18n._(section.body)}</Text>
        </section>
      ))}
    </article>
  );
}

export const TermsPage = () => <PolicyArticle document={termsDocument} />;
export const PrivacyPage = () => <PolicyArticle document={privacyDocument} />;

/** Home's special-topics carousel: research tools, guarded by sign-in and the researcher role. */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useRef, useState } from "react";
import { useServices } from "../../app/shell/services.ts";
import { type CardTarget, LinkCard } from "../../ui/LinkCard.tsx";
import { LoginPrompt } from "../account/LoginPrompt.tsx";
import { homeText as t } from "./homeMessages.ts";
import { SectionHead } from "./SectionHead.tsx";
import { specialTopics, topicTarget } from "./topics.ts";

const useStyles = makeStyles({
  track: {
    display: "grid",
    gridAutoFlow: "column",
    gridAutoColumns: "minmax(260px, 1fr)",
    gap: tokens.spacingHorizontalL,
    overflowX: "auto",
    scrollSnapType: "x mandatory",
    paddingBottom: tokens.spacingVerticalS,
  },
  card: { scrollSnapAlign: "start", minHeight: "120px" },
});

export function SpecialTopics(props: { tripitakaUid: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { auth } = useServices();
  const cardTarget = (target: ReturnType<typeof topicTarget>): CardTarget =>
    target.kind === "login" ? { onOpen: () => setAskLogin(true) } : { href: target.href };
  const track = useRef<HTMLDivElement>(null);
  const [askLogin, setAskLogin] = useState(false);
  const slide = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * 280, behavior: "smooth" });

  return (
    <section id="special-topics">
      <SectionHead
        title={i18n._(t.topicsTitle)}
        prevLabel={i18n._(t.topicsPrev)}
        nextLabel={i18n._(t.topicsNext)}
        onPrev={() => slide(-1)}
        onNext={() => slide(1)}
      />
      <div className={styles.track} ref={track}>
        {specialTopics.map((topic) => (
          <LinkCard
            key={topic.id}
            className={styles.card}
            heading={i18n._(topic.title)}
            target={cardTarget(topicTarget(topic, props.tripitakaUid, auth.state()))}
            data-topic={topic.id}
          >
            <Text size={200}>{i18n._(topic.text)}</Text>
          </LinkCard>
        ))}
      </div>
      <LoginPrompt open={askLogin} onClose={() => setAskLogin(false)} />
    </section>
  );
}

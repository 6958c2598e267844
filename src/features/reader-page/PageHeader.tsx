/**
 * The header of page reading: the page uid, previous and next arrows around the page input
 * "n / last" (digits, optionally a for the upper or b for the lower column), the warning for a page
 * that does not exist, the jump to reel reading and feedback on what is marked or selected.
 */
import {
  Button,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Text,
  tokens,
} from "@fluentui/react-components";
import {
  BookOpenRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  PersonFeedbackRegular,
} from "@fluentui/react-icons";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { pageText as t } from "./messages.ts";
import { pageLabel, parsePageInput, resolvePageInput } from "./pageInput.ts";

const useStyles = makeStyles({
  header: {
    display: "flex",
    alignItems: "center",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
  },
  uid: { fontFamily: tokens.fontFamilyMonospace, marginRight: tokens.spacingHorizontalM },
  input: { width: "80px" },
  spacer: { flexGrow: 1 },
});

type Props = {
  current: string;
  pages: readonly string[];
  warning: MessageDescriptor | null;
  onWarn(warning: MessageDescriptor | null): void;
  onOpen(pageUid: string): void;
  onPrev(): void;
  onNext(): void;
  onReel(): void;
  onFeedback(): void;
};

export function PageHeader(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const label = pageLabel(props.current);
  const [draft, setDraft] = useState(label);
  useEffect(() => setDraft(label), [label]);
  const last = props.pages.at(-1);

  const commit = () => {
    const input = parsePageInput(draft);
    setDraft(label);
    if (!input) return;
    const target = resolvePageInput(input, props.pages, props.current);
    if (target === null) props.onWarn(t.noSuchPage);
    else if (target !== props.current) props.onOpen(target);
  };

  return (
    <>
      <nav className={styles.header} aria-label={i18n._(t.header)} data-page-header>
        <Text weight="semibold" className={styles.uid} data-page-uid>
          {props.current}
        </Text>
        <Button
          icon={<ChevronLeftRegular />}
          aria-label={i18n._(t.prevPage)}
          title={i18n._(t.prevPage)}
          data-prev-page
          onClick={props.onPrev}
        />
        <Input
          className={styles.input}
          name="page_input"
          aria-label={i18n._(t.pageInput)}
          title={i18n._(t.sideHint)}
          value={draft}
          onChange={(_, data) => setDraft(data.value)}
          onBlur={() => setDraft(label)}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
          }}
        />
        <Text data-page-max>/ {last ? pageLabel(last) : label}</Text>
        <Button
          icon={<ChevronRightRegular />}
          aria-label={i18n._(t.nextPage)}
          title={i18n._(t.nextPage)}
          data-next-page
          onClick={props.onNext}
        />
        <Text size={200}>{i18n._(t.sideHint)}</Text>
        <span className={styles.spacer} />
        <Button icon={<BookOpenRegular />} data-to-reel onClick={props.onReel}>
          {i18n._(t.toReel)}
        </Button>
        <Button
          icon={<PersonFeedbackRegular />}
          title={i18n._(t.feedbackHint)}
          data-page-feedback
          // Keeps the reader's selection in the text pane while the button is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={props.onFeedback}
        >
          {i18n._(t.feedback)}
        </Button>
      </nav>
      {props.warning && (
        <MessageBar intent="warning" data-page-warning>
          <MessageBarBody>{i18n._(props.warning)}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

/**
 * Home's new-message prompt (spec sections 2 and 9): once per sign-in, a reader with unread
 * messages or feedback replies sees a floating note for 10 s linking to the tabs.
 */
import { Button, Link, makeStyles, mergeClasses, shorthands, Text, tokens } from "@fluentui/react-components";
import { DismissRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { PROMPT_MS, PROMPT_SHOWN_KEY, promptTargets, shouldPrompt } from "./remind.ts";
import { messageText as t } from "./text.ts";
import { useRemind } from "./useRemind.ts";

const useStyles = makeStyles({
  prompt: {
    position: "fixed",
    right: tokens.spacingHorizontalXXL,
    bottom: tokens.spacingVerticalXXL,
    zIndex: 1000,
    minWidth: "240px",
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    ...shorthands.borderRadius(tokens.borderRadiusLarge),
  },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center" },
});

export function NewMessagePrompt() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { auth, session } = useServices();
  const navigate = useNavigate();
  const token = useSyncExternalStore(auth.subscribe, auth.get);
  const counts = useRemind();
  const targets = promptTargets(counts);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (targets.length === 0 || !shouldPrompt(session.getItem(PROMPT_SHOWN_KEY), token)) return;
    if (token) session.setItem(PROMPT_SHOWN_KEY, token);
    setOpen(true);
  }, [targets.length, token, session]);

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setOpen(false), PROMPT_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  if (!open || !counts) return null;
  const go = (tab: string) => {
    setOpen(false);
    void navigate({ href: `/message?tab=${tab}` });
  };
  return (
    <div className={mergeClasses(stack.s, styles.prompt)} role="status" data-new-message-prompt>
      <div className={styles.head}>
        <Text weight="semibold">{i18n._(t.promptTitle)}</Text>
        <Button
          size="small"
          appearance="subtle"
          icon={<DismissRegular />}
          aria-label={i18n._(t.promptClose)}
          onClick={() => setOpen(false)}
        />
      </div>
      {targets.includes("myMsg") && (
        <Link onClick={() => go("myMsg")} data-prompt-tab="myMsg">
          {tr(i18n, t.promptMessages, { count: counts.my_msg_num })}
        </Link>
      )}
      {targets.includes("myFeedback") && (
        <Link onClick={() => go("myFeedback")} data-prompt-tab="myFeedback">
          {tr(i18n, t.promptFeedback, { count: counts.feedback_msg_num })}
        </Link>
      )}
    </div>
  );
}

/** A button at the window's lower right that appears once the page is scrolled down and goes back to the top. */
import { Button, makeStyles, Tooltip, tokens } from "@fluentui/react-components";
import { ArrowUpRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { HEADING_THROTTLE_MS } from "./currentHeading.ts";
import { articleText as t } from "./text.ts";
import { throttle } from "./throttle.ts";

/** How far down the page the button appears. */
export const BACK_TO_TOP_AFTER_PX = 300;

const useStyles = makeStyles({
  button: {
    position: "fixed",
    right: tokens.spacingHorizontalXXXL,
    bottom: tokens.spacingVerticalXXXL,
    boxShadow: tokens.shadow8,
  },
});

export function BackToTop() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const onScroll = throttle(
      () => setShown(window.scrollY > BACK_TO_TOP_AFTER_PX),
      HEADING_THROTTLE_MS,
      window,
    );
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      onScroll.cancel();
    };
  }, []);

  if (!shown) return null;
  return (
    <Tooltip content={i18n._(t.backToTop)} relationship="label">
      <Button
        className={styles.button}
        shape="circular"
        size="large"
        icon={<ArrowUpRegular />}
        data-back-to-top
        onClick={() => window.scrollTo({ top: 0, left: 0, behavior: "smooth" })}
      />
    </Tooltip>
  );
}

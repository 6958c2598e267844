/**
 * A turning ring with its label, for what is still loading on a reader's first screen. It draws
 * like Fluent's Spinner but is only CSS, so the first screen does not wait for the Spinner's code.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  root: {
    display: "inline-flex",
    flexDirection: "column",
    alignItems: "center",
    gap: tokens.spacingVerticalS,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
  },
  after: { flexDirection: "row", gap: tokens.spacingHorizontalS },
  ring: {
    boxSizing: "border-box",
    width: "32px",
    height: "32px",
    borderRadius: "50%",
    border: `3px solid ${tokens.colorBrandStroke2}`,
    borderTopColor: tokens.colorBrandStroke1,
    animationName: { from: { transform: "rotate(0deg)" }, to: { transform: "rotate(360deg)" } },
    animationDuration: "1s",
    animationIterationCount: "infinite",
    animationTimingFunction: "linear",
    "@media screen and (prefers-reduced-motion: reduce)": { animationDuration: "3s" },
  },
  tiny: {
    width: "16px",
    height: "16px",
    border: `2px solid ${tokens.colorBrandStroke2}`,
    borderTopColor: tokens.colorBrandStroke1,
  },
});

type Props = { label: string; size?: "tiny" | "medium"; className?: string };

export function LoadingRing({ label, size = "medium", className }: Props) {
  const styles = useStyles();
  return (
    <span
      role="progressbar"
      aria-label={label}
      className={mergeClasses(styles.root, size === "tiny" && styles.after, className)}
    >
      <span className={mergeClasses(styles.ring, size === "tiny" && styles.tiny)} aria-hidden />
      <span aria-hidden>{label}</span>
    </span>
  );
}

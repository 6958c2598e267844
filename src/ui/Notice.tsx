/**
 * A warning or error line with its actions, for the reading screens' load states. Lighter than
 * Fluent's MessageBar (whose code the reel route would otherwise load just in case), with the same
 * colours and roles.
 */
import { makeStyles, mergeClasses, shorthands, tokens } from "@fluentui/react-components";
import { ErrorCircleRegular, WarningRegular } from "@fluentui/react-icons";
import type { ReactNode } from "react";

const useStyles = makeStyles({
  root: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    paddingLeft: tokens.spacingHorizontalM,
    paddingRight: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.borderWidth(tokens.strokeWidthThin),
    ...shorthands.borderStyle("solid"),
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
  },
  warning: {
    backgroundColor: tokens.colorPaletteDarkOrangeBackground1,
    ...shorthands.borderColor(tokens.colorPaletteDarkOrangeBorder1),
  },
  error: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    ...shorthands.borderColor(tokens.colorPaletteRedBorder1),
  },
  icon: { flex: "0 0 auto", fontSize: "16px" },
  warningIcon: { color: tokens.colorPaletteDarkOrangeForeground1 },
  errorIcon: { color: tokens.colorPaletteRedForeground1 },
  body: { flex: "1 1 240px", minWidth: 0 },
  title: { fontWeight: tokens.fontWeightSemibold, marginRight: tokens.spacingHorizontalS },
  actions: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
});

type Props = {
  intent: "warning" | "error";
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
} & Record<`data-${string}`, string | undefined>;

export function Notice({ intent, title, children, actions, className, ...data }: Props) {
  const styles = useStyles();
  const Icon = intent === "error" ? ErrorCircleRegular : WarningRegular;
  return (
    <div
      role={intent === "error" ? "alert" : "status"}
      className={mergeClasses(styles.root, styles[intent], className)}
      {...data}
    >
      <Icon aria-hidden className={mergeClasses(styles.icon, styles[`${intent}Icon`])} />
      <div className={styles.body}>
        {title && <span className={styles.title}>{title}</span>}
        {children}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

/** The result screen's picture: a document with a seal marked for success (a tick), pending (an hourglass) or failure (a cross). */
import { tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";

const SIZE = 160;

function Paper(props: { children: ReactNode; accent: string; label: string; kind: string }) {
  return (
    <svg
      width={SIZE}
      height={SIZE}
      viewBox="0 0 160 160"
      role="img"
      aria-label={props.label}
      data-apply-picture={props.kind}
    >
      <circle cx="80" cy="80" r="74" fill={props.accent} opacity="0.12" />
      <rect
        x="46"
        y="30"
        width="60"
        height="80"
        rx="6"
        fill={tokens.colorNeutralBackground1}
        stroke={tokens.colorNeutralStroke1}
        strokeWidth="3"
      />
      <path
        d="M58 50h36M58 62h36M58 74h24"
        stroke={tokens.colorNeutralStroke2}
        strokeWidth="4"
        strokeLinecap="round"
      />
      {props.children}
    </svg>
  );
}

export type ResultKind = "success" | "pending" | "failure";

/** Each result's colour and the mark drawn on its seal. */
const RESULTS: Record<ResultKind, { accent: string; mark: string; strokeWidth: number }> = {
  success: { accent: tokens.colorPaletteGreenForeground1, mark: "M93 104l8 8 15-16", strokeWidth: 5 },
  pending: {
    accent: tokens.colorBrandForeground1,
    mark: "M95 92h18M95 116h18M97 92c0 8 14 8 14 12s-14 4-14 12M111 92c0 8-14 8-14 12s14 4 14 12",
    strokeWidth: 3,
  },
  failure: { accent: tokens.colorPaletteRedForeground1, mark: "M95 95l18 18M113 95l-18 18", strokeWidth: 5 },
};

export function ResultPicture(props: { kind: ResultKind; label: string }) {
  const { accent, mark, strokeWidth } = RESULTS[props.kind];
  return (
    <Paper accent={accent} label={props.label} kind={props.kind}>
      <circle cx="104" cy="104" r="24" fill={accent} />
      <path
        d={mark}
        fill="none"
        stroke={tokens.colorNeutralForegroundOnBrand}
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Paper>
  );
}

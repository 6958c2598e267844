/**
 * The application form's rules (spec section 5): real name at most 50 characters, company at most
 * 100, intro and purpose at most 500, all required; names on one line, texts on several, neither
 * with control or bidirectional formatting characters. The server applies the same rules.
 */
import type { MessageDescriptor } from "@lingui/core";
import { COMPANY_MAX, INTRO_MAX, PURPOSE_MAX, REAL_NAME_MAX } from "../../../contract/application-rules.ts";
import type { ApplicationStatusResult, ApplyForm } from "../../../contract/applications.ts";
import { charCount } from "../../../contract/feedback.ts";
import { isCleanText, type TextKind } from "../../../contract/text-rules.ts";
import type { Check } from "../account/validation.ts";
import { applyErrors as e } from "./messages.ts";

export const APPLY_FIELDS = ["realName", "company", "intro", "purpose"] as const;
export type ApplyField = (typeof APPLY_FIELDS)[number];
export type ApplyValues = Record<ApplyField, string>;

type Rule = { max: number; kind: TextKind; required: MessageDescriptor; tooLong: MessageDescriptor };

export const applyRules: Record<ApplyField, Rule> = {
  realName: {
    max: REAL_NAME_MAX,
    kind: "single-line",
    required: e.realNameRequired,
    tooLong: e.realNameTooLong,
  },
  company: { max: COMPANY_MAX, kind: "single-line", required: e.companyRequired, tooLong: e.companyTooLong },
  intro: { max: INTRO_MAX, kind: "multi-line", required: e.introRequired, tooLong: e.introTooLong },
  purpose: { max: PURPOSE_MAX, kind: "multi-line", required: e.purposeRequired, tooLong: e.purposeTooLong },
};

export const EMPTY_APPLICATION: ApplyValues = { realName: "", company: "", intro: "", purpose: "" };

/** The characters a field's counter shows: the trimmed text, as the server counts it. */
export const counted = (value: string): number => charCount(value.trim());

export function checkApplyField(field: ApplyField, value: string): Check {
  const rule = applyRules[field];
  const text = value.trim();
  if (text === "") return rule.required;
  if (charCount(text) > rule.max) return rule.tooLong;
  if (isCleanText(text, rule.kind)) return null;
  return rule.kind === "single-line" ? e.singleLineChars : e.multiLineChars;
}

export const checkApplication = (values: ApplyValues): Record<ApplyField, Check> => ({
  realName: checkApplyField("realName", values.realName),
  company: checkApplyField("company", values.company),
  intro: checkApplyField("intro", values.intro),
  purpose: checkApplyField("purpose", values.purpose),
});

/** The last application's texts, to prefill the form of a reader applying again. */
export const valuesOf = (status: ApplicationStatusResult): ApplyValues => ({
  realName: status.real_name,
  company: status.company,
  intro: status.intro,
  purpose: status.purpose,
});

/** The body of `POST /v1/applications`: the trimmed texts. */
export const formOf = (values: ApplyValues): ApplyForm => ({
  real_name: values.realName.trim(),
  company: values.company.trim(),
  intro: values.intro.trim(),
  purpose: values.purpose.trim(),
});

/** A prefilled form sent as it came: the spec's "no edit" tip instead of a second identical application. */
export const isUnedited = (values: ApplyValues, prefilled: ApplyValues | null): boolean =>
  prefilled !== null && APPLY_FIELDS.every((field) => values[field].trim() === prefilled[field].trim());

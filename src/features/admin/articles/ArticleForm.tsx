/**
 * The article form of `/admin/article/add` and `/admin/article/update/{uid}` (spec sections 3, 5
 * and 8): title, type, uid, summary with its counter, the markdown with its live preview, the
 * cover and the published switch. Fields are checked while typed and when left; a refusal shows
 * the server's msg (or "Invalid") and keeps the form; a saved article is shown on its view screen.
 * Leaving with unsaved changes asks first.
 */
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Radio,
  RadioGroup,
  Switch,
  Textarea,
  tokens,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { HELP_UID, introUid, sitePageUid } from "../../../../contract/article-rules.ts";
import { addArticle, updateArticle } from "../../../api/adminArticles.ts";
import { ApiError } from "../../../api/errors.ts";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { FieldError } from "../../account/fields.tsx";
import { onLeave, useFormErrors } from "../../account/useFormErrors.ts";
import {
  type ArticleValues,
  type CheckedField,
  COUNTED_LIMITS,
  checkArticle,
  checkArticleField,
  counted,
  formOf,
  hasChanges,
} from "./articleForm.ts";
import { CoverField } from "./CoverField.tsx";
import { LeaveGuard } from "./LeaveGuard.tsx";
import { MarkdownEditor } from "./MarkdownEditor.tsx";
import { articleTypeText, articleFormText as f, articleAdminText as t } from "./text.ts";

const useStyles = makeStyles({
  short: { maxWidth: "640px" },
  actions: { display: "flex", justifyContent: "flex-end", gap: tokens.spacingHorizontalM },
});

/** The uid hint's examples, for the default tripitaka. */
const UID_EXAMPLES = {
  en: ".en",
  zhTW: ".zh-TW",
  intro: introUid("JS"),
  staff: sitePageUid("JS", "staff"),
  donors: sitePageUid("JS", "donors"),
  help: HELP_UID,
};

/** The fields typed in one box. */
type TextField = "title" | "uid" | "summary";

type Outcome =
  | { kind: "refused"; text: string | null }
  | { kind: "offline" }
  | { kind: "saved"; uid: string };

export function ArticleForm(props: {
  initial: ArticleValues;
  /** The uid the article is saved under now; null for a new article. */
  editedUid: string | null;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const navigate = useNavigate();
  const [values, setValues] = useState<ArticleValues>(props.initial);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useFormErrors<CheckedField>();
  const show = (d: MessageDescriptor) => i18n._(d);

  // Navigates once the saved state has rendered, so the leave guard no longer holds the form.
  const savedUid = outcome?.kind === "saved" ? outcome.uid : null;
  useEffect(() => {
    if (savedUid !== null)
      void navigate({ to: "/admin/article/view/$articleUid", params: { articleUid: savedUid } });
  }, [savedUid, navigate]);

  const set = <K extends keyof ArticleValues>(key: K, value: ArticleValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (outcome?.kind === "refused") setOutcome(null);
  };
  const change = (field: CheckedField, value: string) => {
    set(field, value as ArticleValues[typeof field]);
    form.check(field, checkArticleField(field, value));
  };
  const leave = (field: CheckedField) =>
    onLeave(() => form.check(field, checkArticleField(field, values[field])));
  const errorOf = (field: CheckedField) => FieldError(form.errors[field], show);
  /** A one-box text field: its frame with its hint, and its box bound to the form. */
  const frameOf = (field: TextField, hint: string) => ({
    className: styles.short,
    label: i18n._(t[field]),
    required: true,
    hint,
    ...errorOf(field),
  });
  const boxOf = (field: TextField) => ({
    name: field,
    value: values[field],
    placeholder: i18n._(f[`${field}Placeholder`]),
    "data-article-field": field,
    onChange: (_: unknown, data: { value: string }) => change(field, data.value),
    onBlur: leave(field),
  });
  const counter = (field: "title" | "summary") =>
    tr(i18n, f.counter, { count: counted(values[field]), max: COUNTED_LIMITS[field] });

  const submit = async () => {
    if (saving || savedUid !== null) return;
    if (!form.checkAll(checkArticle(values))) return;
    const body = formOf(values);
    setSaving(true);
    setOutcome(null);
    try {
      if (props.editedUid === null) await addArticle(api, body);
      else await updateArticle(api, props.editedUid, body);
      events.emit("success", tr(i18n, f.saved, { title: body.title }));
      setOutcome({ kind: "saved", uid: body.uid });
    } catch (error) {
      if (error instanceof ApiError && error.code !== null)
        setOutcome({ kind: "refused", text: error.serverMsg || null });
      else setOutcome({ kind: "offline" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className={stack.m}
      noValidate
      data-article-form={props.editedUid === null ? "add" : "update"}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field {...frameOf("title", counter("title"))}>
        <Input {...boxOf("title")} />
      </Field>
      <Field label={i18n._(t.type)} required {...errorOf("type")}>
        <RadioGroup
          layout="horizontal"
          name="type"
          value={values.type}
          data-article-field="type"
          onChange={(_, data) => change("type", data.value)}
        >
          <Radio value="news" label={i18n._(articleTypeText.news)} />
          <Radio value="intro" label={i18n._(articleTypeText.intro)} />
        </RadioGroup>
      </Field>
      <Field {...frameOf("uid", tr(i18n, f.uidHint, UID_EXAMPLES))}>
        <Input {...boxOf("uid")} />
      </Field>
      <Field {...frameOf("summary", counter("summary"))}>
        <Textarea {...boxOf("summary")} rows={3} resize="vertical" />
      </Field>
      <Field label={i18n._(t.content)} required {...errorOf("content")}>
        <MarkdownEditor
          value={values.content}
          invalid={form.errors.content !== undefined}
          onChange={(value) => change("content", value)}
          onBlur={leave("content")}
        />
      </Field>
      <CoverField value={values.cover_url} title={values.title} onChange={(url) => set("cover_url", url)} />
      <Switch
        label={i18n._(f.published)}
        checked={values.is_actived}
        data-article-field="is_actived"
        onChange={(_, data) => set("is_actived", data.checked)}
      />
      {outcome && outcome.kind !== "saved" && (
        <MessageBar intent="error" role="alert" data-article-alert={outcome.kind}>
          <MessageBarBody>
            {outcome.kind === "offline" ? i18n._(f.failedNetwork) : (outcome.text ?? i18n._(f.invalid))}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          onClick={() =>
            void (props.editedUid === null
              ? navigate({ to: "/admin/article" })
              : navigate({ to: "/admin/article/view/$articleUid", params: { articleUid: props.editedUid } }))
          }
        >
          {i18n._(f.cancel)}
        </Button>
        <Button type="submit" appearance="primary" disabled={saving || savedUid !== null} data-article-save>
          {i18n._(f.save)}
        </Button>
      </div>
      <LeaveGuard when={savedUid === null && hasChanges(values, props.initial)} />
    </form>
  );
}

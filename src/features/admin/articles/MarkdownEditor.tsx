/**
 * The article's markdown: a monospace text area with a small toolbar (heading, bold, italic, link,
 * list, quote, code, and a picture uploaded through the signed upload and inserted at the cursor),
 * and beside it the text rendered as readers will see it, re-rendered shortly after typing stops.
 */
import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  Textarea,
  tokens,
} from "@fluentui/react-components";
import {
  CodeRegular,
  ImageAddRegular,
  LinkRegular,
  TextBoldRegular,
  TextBulletListLtrRegular,
  TextHeader2Regular,
  TextItalicRegular,
  TextQuoteRegular,
} from "@fluentui/react-icons";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { type ReactElement, useLayoutEffect, useMemo, useRef } from "react";
import { ArrowToolbar } from "../../../ui/ArrowToolbar.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { ArticleBody } from "../../articles/ArticleBody.tsx";
import { renderArticle } from "../../articles/markdown.ts";
import { ArticleImageInput } from "./ArticleImageInput.tsx";
import {
  type EditorText,
  imageMarkdown,
  insertAtCursor,
  insertCode,
  insertLink,
  toggleHeading,
  toggleLinePrefix,
  wrapSelection,
} from "./markdownEditing.ts";
import { articleFormText, editorText as t } from "./text.ts";
import { useArticleImageUpload } from "./useArticleImageUpload.ts";
import { useDebouncedValue } from "./useDebouncedValue.ts";

/** How long typing must pause before the preview renders again. */
export const PREVIEW_DELAY_MS = 300;

const useStyles = makeStyles({
  split: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(360px, 1fr))",
    gap: tokens.spacingHorizontalL,
    width: "100%",
  },
  editor: { minWidth: 0 },
  toolbar: { flexWrap: "wrap", padding: 0 },
  area: { width: "100%" },
  text: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    minHeight: "420px",
  },
  preview: {
    minWidth: 0,
    maxHeight: "560px",
    overflowY: "auto",
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  previewLabel: { color: tokens.colorNeutralForeground3 },
  previewHeading: {
    display: "block",
    color: tokens.colorNeutralForeground3,
    paddingBottom: tokens.spacingVerticalXS,
    marginBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  upload: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  uploadError: { color: tokens.colorPaletteRedForeground1 },
});

type ToolbarAction = {
  id: string;
  label: MessageDescriptor;
  icon: ReactElement;
  edit(state: EditorText, sample: (d: MessageDescriptor) => string): EditorText;
};

const ACTIONS: readonly ToolbarAction[] = [
  {
    id: "heading",
    label: t.heading,
    icon: <TextHeader2Regular />,
    edit: (s, sample) => toggleHeading(s, sample(t.sampleHeading)),
  },
  {
    id: "bold",
    label: t.bold,
    icon: <TextBoldRegular />,
    edit: (s, sample) => wrapSelection(s, "**", "**", sample(t.sampleBold)),
  },
  {
    id: "italic",
    label: t.italic,
    icon: <TextItalicRegular />,
    edit: (s, sample) => wrapSelection(s, "*", "*", sample(t.sampleItalic)),
  },
  {
    id: "link",
    label: t.link,
    icon: <LinkRegular />,
    edit: (s, sample) => insertLink(s, sample(t.sampleLink)),
  },
  {
    id: "list",
    label: t.list,
    icon: <TextBulletListLtrRegular />,
    edit: (s, sample) => toggleLinePrefix(s, "- ", sample(t.sampleItem)),
  },
  {
    id: "quote",
    label: t.quote,
    icon: <TextQuoteRegular />,
    edit: (s, sample) => toggleLinePrefix(s, "> ", sample(t.sampleQuote)),
  },
  {
    id: "code",
    label: t.code,
    icon: <CodeRegular />,
    edit: (s, sample) => insertCode(s, sample(t.sampleCode)),
  },
];

export function MarkdownEditor(props: {
  value: string;
  invalid: boolean;
  onChange(value: string): void;
  onBlur(event: { relatedTarget: EventTarget | null }): void;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const selectAfter = useRef<{ start: number; end: number } | null>(null);
  const images = useArticleImageUpload();
  const previewed = useDebouncedValue(props.value, PREVIEW_DELAY_MS);
  const rendered = useMemo(() => renderArticle(previewed), [previewed]);

  // After a toolbar edit the new text is in place: select what the edit asked for.
  useLayoutEffect(() => {
    const wanted = selectAfter.current;
    const element = area.current;
    if (!wanted || !element || element.value !== props.value) return;
    selectAfter.current = null;
    element.focus();
    element.setSelectionRange(wanted.start, wanted.end);
  }, [props.value]);

  const apply = (edit: (state: EditorText) => EditorText) => {
    const element = area.current;
    if (!element) return;
    const next = edit({ text: element.value, start: element.selectionStart, end: element.selectionEnd });
    selectAfter.current = { start: next.start, end: next.end };
    props.onChange(next.text);
  };

  const insertImage = async (file: File) => {
    const url = await images.upload(file);
    if (url) apply((state) => insertAtCursor(state, imageMarkdown(url)));
  };

  return (
    <div className={styles.split}>
      <div className={mergeClasses(stack.xs, styles.editor)}>
        <ArrowToolbar aria-label={i18n._(t.toolbar)} className={styles.toolbar} data-editor-toolbar>
          {ACTIONS.map((action) => (
            <Button
              key={action.id}
              appearance="subtle"
              size="small"
              icon={action.icon}
              aria-label={i18n._(action.label)}
              title={i18n._(action.label)}
              data-editor-action={action.id}
              onClick={() => apply((state) => action.edit(state, (d) => i18n._(d)))}
            />
          ))}
          <Button
            appearance="subtle"
            size="small"
            icon={<ImageAddRegular />}
            aria-label={i18n._(t.image)}
            title={i18n._(t.image)}
            disabled={images.busy}
            data-editor-action="image"
            onClick={() => picker.current?.click()}
          />
        </ArrowToolbar>
        <ArticleImageInput ref={picker} data-editor-image-input onFile={(file) => void insertImage(file)} />
        <Textarea
          ref={area}
          className={styles.area}
          textarea={{ className: styles.text, spellCheck: false }}
          resize="vertical"
          name="content"
          value={props.value}
          aria-invalid={props.invalid}
          data-article-field="content"
          onChange={(_, data) => props.onChange(data.value)}
          onBlur={props.onBlur}
        />
        {(images.busy || images.error) && (
          <div className={styles.upload} role={images.error ? "alert" : "status"} data-editor-upload>
            {images.busy && <Spinner size="tiny" label={i18n._(articleFormText.uploading)} />}
            {images.error && <Text className={styles.uploadError}>{i18n._(images.error)}</Text>}
          </div>
        )}
      </div>
      <section className={styles.preview} aria-label={i18n._(articleFormText.preview)} data-article-preview>
        <Text size={200} className={styles.previewHeading}>
          {i18n._(articleFormText.preview)}
        </Text>
        {previewed.trim() === "" ? (
          <Text as="p" className={styles.previewLabel}>
            {i18n._(articleFormText.previewEmpty)}
          </Text>
        ) : (
          <ArticleBody html={rendered.html} />
        )}
      </section>
    </div>
  );
}

/** The article's cover image: uploaded through the signed upload, previewed, replaced or removed. */
import { Button, Field, makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { ArrowUploadRegular, DeleteRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useRef } from "react";
import { tr } from "../../../i18n/translate.ts";
import { ArticleImageInput } from "./ArticleImageInput.tsx";
import { ARTICLE_IMAGE_MB } from "./articleImage.ts";
import { articleFormText as f, articleAdminText as t } from "./text.ts";
import { useArticleImageUpload } from "./useArticleImageUpload.ts";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", flexWrap: "wrap", gap: tokens.spacingHorizontalM },
  preview: {
    width: "240px",
    height: "135px",
    objectFit: "cover",
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

export function CoverField(props: { value: string; title: string; onChange(url: string): void }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  const images = useArticleImageUpload();

  const choose = async (file: File) => {
    const url = await images.upload(file);
    if (url) props.onChange(url);
  };

  return (
    <Field
      label={i18n._(t.cover)}
      hint={tr(i18n, f.coverHint, { size: ARTICLE_IMAGE_MB })}
      {...(images.error
        ? { validationMessage: i18n._(images.error), validationState: "error" as const }
        : {})}
    >
      <div className={styles.row}>
        {props.value && (
          <img
            className={styles.preview}
            src={props.value}
            alt={tr(i18n, t.coverOf, { title: props.title })}
            data-article-cover-preview
          />
        )}
        <Button icon={<ArrowUploadRegular />} disabled={images.busy} onClick={() => picker.current?.click()}>
          {i18n._(props.value ? f.replaceCover : f.uploadCover)}
        </Button>
        {props.value && (
          <Button
            icon={<DeleteRegular />}
            disabled={images.busy}
            data-article-cover-remove
            onClick={() => {
              images.clearError();
              props.onChange("");
            }}
          >
            {i18n._(f.removeCover)}
          </Button>
        )}
        {images.busy && <Spinner size="tiny" label={i18n._(f.uploading)} />}
        <ArticleImageInput ref={picker} data-article-cover-input onFile={(file) => void choose(file)} />
      </div>
    </Field>
  );
}

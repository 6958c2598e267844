/** What an article's cover or a picture in its text may be: the upload rules of the purpose `article`. */
import type { MessageDescriptor } from "@lingui/core";
import { UPLOAD_RULES } from "../../../../contract/upload-rules.ts";
import type { Check } from "../../account/validation.ts";
import { articleFormErrors as e } from "./text.ts";

const rules = UPLOAD_RULES.article;

/** The largest image in whole megabytes, as the hints and messages give it. */
export const ARTICLE_IMAGE_MB = Math.floor(rules.maxBytes / (1024 * 1024));

/** The file chooser's filter. */
export const ARTICLE_IMAGE_ACCEPT = rules.contentTypes.join(",");

export function checkArticleImage(file: { type: string; size: number }): Check {
  if (!rules.contentTypes.includes(file.type)) return e.imageType;
  if (file.size > rules.maxBytes)
    return { ...e.imageSize, values: { size: ARTICLE_IMAGE_MB } } satisfies MessageDescriptor;
  return null;
}

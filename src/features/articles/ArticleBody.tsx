/**
 * An article's rendered markdown (see markdown.ts) on the page, with the typography of the reading
 * screens. Links to pages of this site move within the app instead of reloading it.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useRouter } from "@tanstack/react-router";
import type { MouseEvent, Ref } from "react";

const useStyles = makeStyles({
  body: {
    lineHeight: tokens.lineHeightBase500,
    fontSize: tokens.fontSizeBase400,
    overflowWrap: "anywhere",
    "& h1": {
      fontSize: tokens.fontSizeBase600,
      margin: `${tokens.spacingVerticalXL} 0 ${tokens.spacingVerticalM}`,
    },
    "& h2": {
      fontSize: tokens.fontSizeBase500,
      margin: `${tokens.spacingVerticalXL} 0 ${tokens.spacingVerticalS}`,
    },
    "& h3": {
      fontSize: tokens.fontSizeBase400,
      margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}`,
    },
    "& [id]": { scrollMarginTop: tokens.spacingVerticalL },
    "& img": { maxWidth: "100%", height: "auto" },
    "& a": { color: tokens.colorBrandForegroundLink },
    "& blockquote": {
      margin: `${tokens.spacingVerticalM} 0`,
      padding: `0 ${tokens.spacingHorizontalL}`,
      borderLeft: `4px solid ${tokens.colorNeutralStroke1}`,
      color: tokens.colorNeutralForeground2,
    },
    "& table": {
      borderCollapse: "collapse",
      margin: `${tokens.spacingVerticalM} 0`,
      display: "block",
      overflowX: "auto",
    },
    "& th": {
      border: `1px solid ${tokens.colorNeutralStroke1}`,
      padding: "6px 12px",
      backgroundColor: tokens.colorNeutralBackground3,
    },
    "& td": { border: `1px solid ${tokens.colorNeutralStroke1}`, padding: "6px 12px" },
    "& code": { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase300 },
    "& pre": {
      padding: tokens.spacingHorizontalM,
      overflowX: "auto",
      backgroundColor: tokens.colorNeutralBackground3,
      borderRadius: tokens.borderRadiusMedium,
    },
    "& section[data-footnotes]": {
      marginTop: tokens.spacingVerticalXXL,
      borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
      fontSize: tokens.fontSizeBase300,
    },
  },
});

/** A plain left click on a link to another page of this site, which the router can show. */
function sitePath(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target !== "" || link.hasAttribute("download"))
    return null;
  if (link.origin !== window.location.origin) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

export function ArticleBody(props: { html: string; className?: string; ref?: Ref<HTMLDivElement> }) {
  const styles = useStyles();
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const path = sitePath(event);
    if (path === null) return;
    event.preventDefault();
    void router.navigate({ href: path });
  };
  return (
    // The links inside are real anchors; this only changes how a plain click on them is followed.
    // biome-ignore lint/a11y/noStaticElementInteractions: the handler delegates clicks on the anchors inside.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on an anchor is a click, so keys are covered.
    <div
      ref={props.ref}
      className={mergeClasses(styles.body, props.className)}
      data-article-body
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: renderArticle cleaned it with DOMPurify.
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}

/** A pager: previous, page numbers with gaps, next, the total and the page-size choice. */
import { Button, makeStyles, Select, Text, tokens } from "@fluentui/react-components";
import { ChevronLeftRegular, ChevronRightRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { tr } from "../i18n/translate.ts";
import { uiText as t } from "./messages.ts";
import {
  asPageSize,
  PAGE_SIZES,
  PAGER_WIDTH_STEPS,
  type PageSize,
  pageSlots,
  showsTotal,
  slotsForWidth,
} from "./pagination.ts";
import { useWindowWidthStep } from "./useWindowWidth.ts";

const useStyles = makeStyles({
  pager: {
    display: "flex",
    gap: tokens.spacingHorizontalXS,
    alignItems: "center",
    justifyContent: "flex-end",
    flexWrap: "wrap",
    marginTop: tokens.spacingVerticalM,
  },
  gap: { minWidth: "24px", textAlign: "center" },
  total: { marginRight: tokens.spacingHorizontalS },
});

export function Pagination(props: {
  pageNo: number;
  pageSize: PageSize;
  total: number;
  onChange(pageNo: number, pageSize: PageSize): void;
  /** Page sizes offered; none when the size is fixed. */
  sizes?: readonly PageSize[];
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const width = useWindowWidthStep(PAGER_WIDTH_STEPS);
  const count = Math.max(Math.ceil(props.total / props.pageSize), 1);
  const sizes = props.sizes ?? PAGE_SIZES;
  const go = (page: number) => props.onChange(Math.min(Math.max(page, 1), count), props.pageSize);
  return (
    <nav className={styles.pager} aria-label={i18n._(t.pagination)}>
      {showsTotal(width) && (
        <Text className={styles.total} data-total={props.total}>
          {tr(i18n, t.total, { total: props.total })}
        </Text>
      )}
      <Button
        size="small"
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={i18n._(t.prevPage)}
        disabled={props.pageNo <= 1}
        onClick={() => go(props.pageNo - 1)}
      />
      {pageSlots(props.pageNo, count, slotsForWidth(width)).map((slot) =>
        typeof slot === "number" ? (
          <Button
            key={slot}
            size="small"
            appearance={slot === props.pageNo ? "primary" : "subtle"}
            aria-label={tr(i18n, t.page, { page: slot })}
            aria-current={slot === props.pageNo ? "page" : undefined}
            onClick={() => go(slot)}
          >
            {slot}
          </Button>
        ) : (
          <Text key={slot} className={styles.gap} aria-label={i18n._(t.morePages)}>
            …
          </Text>
        ),
      )}
      <Button
        size="small"
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={i18n._(t.nextPage)}
        disabled={props.pageNo >= count}
        onClick={() => go(props.pageNo + 1)}
      />
      {sizes.length > 1 && (
        <Select
          size="small"
          name="page_size"
          aria-label={i18n._(t.pageSize)}
          value={String(props.pageSize)}
          onChange={(_, data) => props.onChange(1, asPageSize(data.value, props.pageSize))}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {tr(i18n, t.perPage, { size })}
            </option>
          ))}
        </Select>
      )}
    </nav>
  );
}

/** The page and page size a paged list shows, as the shared pager changes them. */
import { useState } from "react";
import { DEFAULT_PAGE_SIZE, type PageSize } from "./pagination.ts";

export function usePageChoice(initialSize: PageSize = DEFAULT_PAGE_SIZE) {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(initialSize);
  /** The pager's onChange (it goes back to page 1 itself when the size changes). */
  const choose = (nextPage: number, nextSize: PageSize) => {
    setPageNo(nextPage);
    setPageSize(nextSize);
  };
  return { pageNo, pageSize, setPageNo, choose };
}

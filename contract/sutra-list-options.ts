/** The choices of a tripitaka's sutra list (spec section 7, `POST .../sutra/list`): page sizes and sorts. */

export const pageSizes = [10, 20, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];

export const sutraSorts = [
  "sutra_uid",
  "-sutra_uid",
  "start_year",
  "-start_year",
  "end_year",
  "-end_year",
  "char_cnt",
  "-char_cnt",
  "reel_cnt",
  "-reel_cnt",
] as const;
export type SutraSort = (typeof sutraSorts)[number];

export const isPageSize = (n: number): n is PageSize => (pageSizes as readonly number[]).includes(n);

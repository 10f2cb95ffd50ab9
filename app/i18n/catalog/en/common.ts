/** Pieces many pages share: list rows, paging, breadcrumbs, dates. */
export const common = {
  new: "NEW",
  closed: "Closed",
  posted: "Posted:",
  updated: "Updated:",
  breadcrumb: "Breadcrumb",
  pages: "Pages",
  previous: "‹ Previous",
  next: "Next ›",
  /** An entry with no Hindi, on a Hindi page: the reader is told before reading on. */
  englishOnly: "English only",
  pageN: "Page {n}",
};

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
  pageN: "Page {n}",
};

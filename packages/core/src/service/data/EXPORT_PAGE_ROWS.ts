/** Rows per `exportRows` page: a few MB with 1,536-dimension vectors, so an export's memory stays bounded. */
export const EXPORT_PAGE_ROWS = 500

/** Rows per `importRows` transaction. */
export const IMPORT_BATCH_ROWS = 500

/** Rows per multi-row INSERT statement (well under the 65,535-parameter limit). */
export const MAX_ROWS_PER_INSERT = 500

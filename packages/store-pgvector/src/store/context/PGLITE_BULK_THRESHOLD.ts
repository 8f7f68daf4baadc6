/**
 * `bulkThreshold` on PGlite: there a multi-row INSERT costs no network and its COPY reads a blob
 * through an extra call, so a `rememberMany` slice (128 rows) stays an INSERT as it was measured
 * (W4); only a bulk load goes through COPY.
 */
export const PGLITE_BULK_THRESHOLD = 500

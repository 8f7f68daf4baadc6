/** Row versions a database's tables have been written since its statistics began (cumulative counters). */
export interface TableWrites {
  /** New rows. */
  inserted: number
  /** Updated rows: each a new row version. */
  updated: number
  /** Of `updated`, those written as heap-only tuples (HOT): same page, no new index entries. */
  hotUpdated: number
  deleted: number
}

/** The part of a database session the store needs: parameterized queries and, on node-postgres, binary COPY. */
export interface SqlRunner {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number }>
  /**
   * Runs a binary `COPY … FROM STDIN` with this payload; only present where the driver supports
   * COPY. node-postgres streams it, pulling a lazy iterable as the socket drains (so encoding
   * overlaps the server's work); PGlite takes it whole.
   */
  copyIn?(copyStatement: string, payload: Iterable<Buffer>): Promise<void>
}

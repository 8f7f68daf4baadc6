/** The part of a database session the store needs: parameterized queries and, on node-postgres, binary COPY. */
export interface SqlRunner {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number }>
  /** Streams a binary COPY payload; only present where the driver supports COPY (node-postgres). */
  copyIn?(copyStatement: string, payload: Buffer[]): Promise<void>
}

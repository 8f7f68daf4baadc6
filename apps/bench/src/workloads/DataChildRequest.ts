/** What one W14 child process does (`dataChild.js`, the request as JSON in its first argument). */
export interface DataChildRequest {
  /** `remember`: `rememberMany` of synthetic rows; `export`: namespaces to a JSON-lines file; `import`: that file back. */
  op: 'remember' | 'export' | 'import'
  /** The embedded store in a data directory, or a PostgreSQL database. */
  store: { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string }
  /** Vector width of the (offline, hashing) embedder. */
  dimensions: number
  /** `remember`: rows per namespace; `export`: the namespaces to export (their counts are unused). */
  namespaces: Array<{ name: string; rows: number }>
  /** The JSON-lines file `export` writes and `import` reads. */
  file?: string
  /** Seed of the synthetic texts (`remember`). */
  seed?: number
}

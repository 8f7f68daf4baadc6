/** Which check a line reports; stable across versions, so scripts can pick one out of `--json`. */
export type DoctorCheckName =
  | 'node'
  | 'data-dir'
  | 'lock'
  | 'store-server'
  | 'pglite'
  | 'database'
  | 'pgvector'
  | 'citus'
  | 'citus-layout'
  | 'citus-settings'
  | 'migrations'
  | 'shared-buffers'
  | 'autovacuum'
  | 'embedder'
  | 'embedder-reachable'
  | 'recorded-embedder'

/**
 * One line of `agent-memory doctor`: `ok` (✔), `fail` (✖, with the fix) or `skip` (–: it does not
 * apply to this setup, or an earlier failure leaves nothing to check).
 */
export interface DoctorCheck {
  name: DoctorCheckName
  status: 'ok' | 'fail' | 'skip'
  /** What was found, one sentence. */
  detail: string
  /** What to do about a failure. */
  fix?: string
}

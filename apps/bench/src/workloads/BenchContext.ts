import type pg from 'pg'
import type { VectorSet } from '../harness/VectorSet.js'
import type { SoakBackendKind } from '../soak/SoakBackendKind.js'

/** What every workload receives: sizes, the shared synthetic data, and Postgres when configured. */
export interface BenchContext {
  smoke: boolean
  /** Rows of the search workloads (W2, W3): 10k by default, `--size` to change. */
  size: number
  /** Rows per ingest method (W1). */
  ingestRows: number
  /** Timed queries per measurement (after `warmup` untimed ones). */
  queries: number
  warmup: number
  k: number
  /** Present only when DATABASE_URL is set. */
  databaseUrl?: string
  pool?: pg.Pool
  /** The per-process schema everything native is created in (dropped at the end). */
  schema: string
  /** `size` clustered unit vectors (seeded). */
  data: VectorSet
  /** `queries` query vectors from the same clusters (another seed). */
  queryVectors: VectorSet
  /** Content text of row i (deterministic). */
  text(i: number): string
  log(line: string): void
  /** The monorepo root. */
  repoRoot: string
  /** `--soak-minutes`: W13's duration per backend, when given. */
  soakMinutes?: number
  /** `--soak-backends`: the stores W13 soaks, when not both. */
  soakBackends?: readonly SoakBackendKind[]
}

import type { PgVectorStore } from '@agent-memory/store-pgvector'
import type pg from 'pg'
import type { LatencySummary } from '../harness/LatencySummary.js'

/** One backend of W15 after its ingest and its timed searches, the store still open. */
export interface MeasuredBackend {
  label: string
  pool: pg.Pool
  store: PgVectorStore
  /** Rows/s of one user's bulk import (W1's shape). */
  oneUserRowsPerSecond: number
  /** Rows/s of loading every user of the skewed mix, namespace by namespace. */
  allUsersRowsPerSecond: number
  latency: LatencySummary
  /** The timed searches' answers (row ids), in query order. */
  answers: number[][]
  close(): Promise<void>
}

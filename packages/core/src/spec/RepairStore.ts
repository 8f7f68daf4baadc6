import type { Chunk } from '../model/Chunk.js'
import type { RepairIssue } from './RepairIssue.js'

/** A pending memory leased to one repair worker. */
export interface PendingClaim {
  namespace: string
  id: string
  content: string
  fingerprint: string
  /** Attempts made before this claim. */
  attempts: number
}

/** The size of the repair queue: memories waiting for an embedding, leased by a repair, or parked. */
export interface RepairStats {
  pending: number
  /** Pending rows currently leased to a worker. */
  leased: number
  /** Rows repair gave up on (`embedState: 'failed'`). */
  failed: number
}

/**
 * The pending-embed queue: memories stored without a vector wait here until embedded.
 * Leases use the database clock, so workers on several machines agree.
 */
export interface RepairStore {
  /**
   * Leases up to `limit` pending rows whose backoff has elapsed and whose lease (if any) has
   * expired, across namespaces unless `namespace` is given. A row is leased to one claimant at a
   * time (`FOR UPDATE SKIP LOCKED` or equivalent).
   */
  claimPending(options: { limit: number; leaseMs: number; namespace?: string }): Promise<PendingClaim[]>
  /**
   * Stores the vector (and chunks, replacing) and marks the row `ok` — only when the content still
   * has `fingerprint`. Returns false when the content changed meanwhile (the result is discarded).
   */
  completeRepair(
    namespace: string,
    id: string,
    fingerprint: string,
    embedding: Float32Array,
    chunks?: Chunk[],
  ): Promise<boolean>
  /**
   * Records a failed attempt: releases the lease and sets the next attempt `backoffMs` later, or
   * parks the row (`embedState: 'failed'`) once attempts reach `maxAttempts`.
   */
  failRepair(
    namespace: string,
    id: string,
    options: { backoffMs: number; maxAttempts: number; error: string },
  ): Promise<'retry' | 'parked'>
  /**
   * Gives claimed rows back without counting an attempt (a repair aborted before its embed call
   * finished): the lease ends now, attempts and backoff stay as they were.
   */
  releaseClaims(claims: ReadonlyArray<{ namespace: string; id: string }>): Promise<void>
  /** The repair queue of one namespace, or of every namespace when omitted. */
  repairStats(namespace?: string): Promise<RepairStats>
  /**
   * The memories still without a vector (pending or parked), oldest first, with why: attempts,
   * the last recorded error and the next attempt time. Across namespaces unless `namespace` is
   * given; `ids` narrows to those memories; at most `limit` (default 100, at most 1000).
   */
  repairIssues(namespace?: string, options?: { ids?: string[]; limit?: number }): Promise<RepairIssue[]>
}

/** Whether a store also keeps the repair queue (`RepairStore`). */
export function isRepairStore(store: object): store is RepairStore {
  return typeof (store as Partial<RepairStore>).claimPending === 'function'
}

import { StoreError } from '@agent-memory/core'
import type { Executor } from './Executor.js'
import { lsnToBigInt } from './lsnToBigInt.js'
import type { PipelinedRunner } from './PipelinedRunner.js'
import type { PoolExecutor } from './PoolExecutor.js'
import type { ReadRoutingStats } from './ReadRoutingStats.js'
import type { ReplicaMonitor } from './ReplicaMonitor.js'
import type { SqlRunner } from './SqlRunner.js'
import type { TransactionScope } from './TransactionScope.js'

/** Beyond this many remembered namespaces, the ones the replica has replayed are forgotten. */
const REMEMBERED_NAMESPACES = 10_000

/**
 * A primary and a streaming read replica behind one `Executor`. Writes, unscoped work and sessions
 * run on the primary, which reports the WAL position of each commit that wrote; the position is kept
 * per namespace (every namespace for unscoped work). A read of a namespace runs on the replica once
 * it has replayed past that namespace's last write here, else on the primary: read-your-writes per
 * namespace for the writes of this object (this process), while other processes' writes reach its
 * reads within the replica's lag (capped by `maxLagMs`). A read that fails on the replica is served
 * by the primary; the caller never sees the replica's failure.
 */
export class ReplicatedExecutor implements Executor {
  readonly kind = 'postgres' as const
  readonly readOnly = false
  readonly #primary: PoolExecutor
  readonly #replica: Executor
  readonly #monitor: ReplicaMonitor
  readonly #written = new Map<string, bigint>()
  /** The last write of unscoped work: every namespace waits for it. */
  #writtenEverywhere = 0n
  #latest = 0n
  #replicaReads = 0
  #primaryReads = 0
  #fallbacks = 0

  constructor(primary: PoolExecutor, replica: Executor, monitor: ReplicaMonitor) {
    this.#primary = primary
    this.#replica = replica
    this.#monitor = monitor
  }

  get schema(): string | undefined {
    return this.#primary.schema
  }

  stats(): ReadRoutingStats {
    return {
      replicaReads: this.#replicaReads,
      primaryReads: this.#primaryReads,
      fallbacks: this.#fallbacks,
      state: this.#monitor.state,
      lagMs: this.#monitor.lagMs,
    }
  }

  transaction<T>(work: (sql: SqlRunner) => Promise<T>, scope?: TransactionScope): Promise<T> {
    if (scope?.access === 'read')
      return this.#read(
        scope,
        (executor) => executor.transaction(work, scope),
        () => this.#onPrimary(work, scope),
      )
    return this.#onPrimary(work, scope)
  }

  /** Routed as a read; on the primary it needs no WAL position: a read-only transaction writes none. */
  readStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]> {
    const run = (executor: Executor) => executor.readStatement<Row>(text, params, scope)
    return this.#read(scope, run, () => run(this.#primary))
  }

  /** Routed as a read, like `readStatement`. */
  pipelinedRead<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T> {
    const run = (executor: Executor) => executor.pipelinedRead(work, scope)
    return this.#read(scope, run, () => run(this.#primary))
  }

  /**
   * On the primary as an ordinary transaction: its COMMIT also reads the WAL position the
   * namespace's later reads wait for (`transaction`), which a pipelined COMMIT would not.
   */
  pipelinedWrite<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T> {
    return this.#onPrimary((sql) => work({ ...sql, commit: () => undefined }), scope)
  }

  /** A write: on the primary, reporting its WAL position for the namespace's later reads. */
  writeStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]> {
    return this.#onPrimary(async (sql) => (await sql.query<Row>(text, params)).rows, scope)
  }

  /** The primary's round trips and the replica's together. */
  get roundTrips(): number {
    return this.#primary.roundTrips + this.#replica.roundTrips
  }

  session<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    return this.#primary.session(work)
  }

  async close(): Promise<void> {
    await Promise.all([this.#primary.close(), this.#replica.close()])
  }

  async #read<T>(
    scope: TransactionScope,
    onReplica: (replica: Executor) => Promise<T>,
    onPrimary: () => Promise<T>,
  ): Promise<T> {
    if (await this.#replicaServes(scope.namespace)) {
      try {
        const result = await onReplica(this.#replica)
        this.#replicaReads++
        return result
      } catch (error) {
        // Database failures only: a caller's bad input fails the same way on the primary.
        if (!(error instanceof StoreError) || error.kind === 'closed') throw error
        this.#fallbacks++
        this.#monitor.failed(error)
      }
    }
    this.#primaryReads++
    return onPrimary()
  }

  async #replicaServes(namespace: string | undefined): Promise<boolean> {
    const replayed = await this.#monitor.replayed()
    if (replayed === null) return false
    if (namespace === undefined) return replayed >= this.#latest
    const written = this.#written.get(namespace)
    if (written !== undefined && written <= replayed) this.#written.delete(namespace)
    return replayed >= (written ?? 0n) && replayed >= this.#writtenEverywhere
  }

  /** Unscoped work (no scope, no namespace named): its writes count for every namespace. */
  async #onPrimary<T>(work: (sql: SqlRunner) => Promise<T>, scope: TransactionScope | undefined): Promise<T> {
    const { result, walLsn } = await this.#primary.transactionReportingWal(work, scope?.settings)
    if (walLsn === null) return result
    const lsn = lsnToBigInt(walLsn)
    if (scope?.namespace === undefined && scope?.namespaces !== undefined) {
      for (const namespace of scope.namespaces) this.#record(namespace, lsn)
    } else {
      this.#record(scope?.namespace ?? null, lsn)
    }
    return result
  }

  #record(namespace: string | null, lsn: bigint): void {
    if (lsn > this.#latest) this.#latest = lsn
    if (namespace === null) {
      if (lsn > this.#writtenEverywhere) this.#writtenEverywhere = lsn
      return
    }
    if ((this.#written.get(namespace) ?? 0n) < lsn) this.#written.set(namespace, lsn)
    if (this.#written.size > REMEMBERED_NAMESPACES) this.#forgetReplayed()
  }

  #forgetReplayed(): void {
    // Everything up to the oldest remembered write moves into the every-namespace mark: still safe.
    let oldest: [string, bigint] | undefined
    for (const entry of this.#written) if (oldest === undefined || entry[1] < oldest[1]) oldest = entry
    if (oldest === undefined) return
    this.#written.delete(oldest[0])
    if (oldest[1] > this.#writtenEverywhere) this.#writtenEverywhere = oldest[1]
  }
}

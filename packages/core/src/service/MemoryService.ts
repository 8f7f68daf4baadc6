import type { EraseSummary } from '../data/EraseSummary.js'
import type { ExportRecord } from '../data/ExportRecordSchema.js'
import type { ImportOptions } from '../data/ImportOptions.js'
import type { ImportSummary } from '../data/ImportSummary.js'
import type { Memory } from '../model/Memory.js'
import type { MemoryInput } from '../model/MemoryInput.js'
import type { Embedder } from '../spec/Embedder.js'
import type { ExpirySweepCounts } from '../spec/ExpirySweepCounts.js'
import type { MemoryFilter } from '../spec/MemoryFilter.js'
import type { RepairIssue } from '../spec/RepairIssue.js'
import type { ListOptions, Store } from '../spec/Store.js'
import type { MemoryServiceStats } from './MemoryServiceStats.js'
import type { SweepOptions } from './SweepOptions.js'

/** Outcome of one `remember`. */
export interface RememberResult {
  id: string
  /** `reinforced`: an exact duplicate (same namespace, tier, fingerprint) existed and was reinforced instead. */
  status: 'inserted' | 'updated' | 'reinforced'
  /** Set when the memory was stored without a vector; `repair` will embed it. Nothing is lost. */
  degraded?: 'pending_embed'
  /** Whether credential-like text was redacted before storing. */
  redacted?: boolean
  /**
   * Live memories this write nearly duplicates (cosine at least the embedder's `duplicateScore`),
   * best first, at most 3; absent when there are none or the write has no vector yet. A hint:
   * nothing is merged. `remember` and `supersede` report it; `rememberMany` with `similar: true`.
   */
  similar?: SimilarMemory[]
}

/** A live memory a write nearly duplicates, and the cosine similarity of the two. */
export interface SimilarMemory {
  id: string
  score: number
}

/** Per-call settings of `recall`: how many hits, which filter, which threshold, which legs. */
export interface RecallOptions {
  /** 1..100, default 5. */
  limit?: number
  filter?: MemoryFilter
  /**
   * Drop hits whose `scores.relevance` is below this (a cosine-scale gate, not the rank score);
   * default: none (the tool applies the embedder's).
   */
  minScore?: number
  /** Which legs run; default `hybrid`. */
  mode?: 'hybrid' | 'vector' | 'keyword'
  signal?: AbortSignal
  /**
   * Append the memories the hits link to (`Memory.linkedMemoryIds`, 1 hop), after the ranked
   * hits, each marked with `linkedFrom`. A link to a superseded memory brings its current
   * successor; one to a forgotten, swept or expired memory brings nothing. Default false.
   */
  includeLinked?: boolean
  /**
   * At most this many linked memories are appended (0..100); default `limit`, so the ranked hits
   * keep all their places and the linked ones never outnumber them.
   */
  linkedLimit?: number
}

/** What went into a hit's `score`, leg by leg (see `MemoryService.recall`). */
export interface RecallScores {
  /** Best cosine over the memory's own vector and its chunks; absent when no vector leg saw it. */
  semantic?: number
  /** Keyword (BM25) score divided by this query's best keyword score, in (0, 1]; absent when that leg missed it. */
  keyword?: number
  /**
   * Relevance borrowed from a strong hit written close in time (`NeighbourhoodOptions`), already
   * included in `fused`; absent when the memory borrowed nothing.
   */
  neighbour?: number
  /** The legs fused: min-max in [0, 1] (plus any `neighbour` loan), or under RRF 1 / the hit's dense fused rank. */
  fused: number
  /**
   * The reranker's score, when a reranking stage (`MemoryServiceOptions.rerank`) reordered this
   * memory; `fused` is then the value of the place it was given.
   */
  rerank?: number
  /** The bounded quality multiplier (importance, recency, confidence), in [1 − m, 1 + m]. */
  modifier: number
  /**
   * What `minScore` and the tools' thresholds compare, on the embedder's cosine scale when a
   * vector leg saw the memory (comparable with `Embedder.minScore`); rules on `recall`.
   */
  relevance: number
}

/** One ranked memory of a `recall` answer, with the score the ranking used and each leg's part. */
export interface RecallHit {
  memory: Memory
  /**
   * The score the ranking used: `fused × modifier`, capped at 1. Hits come in descending order
   * of it (ties by id), so a shown score always agrees with the order.
   */
  score: number
  scores: RecallScores
  /** Which legs found it. */
  sources: Array<'vector' | 'chunk' | 'keyword'>
  matchedChunk?: { idx: number; text: string }
  /**
   * Set on a memory `includeLinked` appended: the id of the hit that links to it. Such a memory
   * was not found by the query (score 0, no sources).
   */
  linkedFrom?: string
}

/** A `recall` answer: the hits and, when a leg could not run, how the answer is degraded. */
export interface RecallResult {
  hits: RecallHit[]
  /**
   * `keyword_only`: the embedder failed or timed out, so only the keyword leg ran. `not_reranked`:
   * the reranking stage failed or timed out, so the hits are in fused order (when the embedder failed
   * too, `keyword_only` is reported and the reranker's failure goes to `onError`).
   */
  degraded?: 'keyword_only' | 'not_reranked'
}

/** What one `repair` pass did with the memories waiting for an embedding. */
export interface RepairReport {
  claimed: number
  repaired: number
  /** Content changed while embedding: result discarded, the row stays for the next pass if still pending. */
  discarded: number
  failed: number
  parked: number
  /** The pass was aborted before its embed call finished: leases given back, no attempt counted. */
  released: number
}

/** Options of `MemoryService.rememberMany`. */
export interface RememberManyOptions {
  /** This call ends a bulk load: the store then runs its deferred maintenance (`Store.afterBulkLoad`). */
  bulk?: boolean
  /**
   * Report each write's near-duplicates (`RememberResult.similar`): one vector search per memory
   * written, so off by default for batches.
   */
  similar?: boolean
}

/** Options of `MemoryService.profile`. */
export interface ProfileOptions {
  /** Budget of the rendered profile in estimated tokens (`estimateTokens`), 1..100000. Default 400. */
  maxTokens?: number
}

/** A namespace's profile: its most important live durable facts, in a stable order, within a budget. */
export interface MemoryProfile {
  namespace: string
  /** In profile order (pinned, procedural, semantic); confidence decayed to now. */
  memories: Memory[]
  /** The memories as prompt lines, `- content` each, content rendered as one line of data. */
  text: string
  /** Estimated tokens of `text` (one more per line for its line break). */
  tokens: number
  maxTokens: number
}

/** What an application and the tools use: a Store and an Embedder composed. */
export interface MemoryService {
  readonly store: Store
  readonly embedder: Embedder
  /** The threshold `memory_search` applies (the embedder's calibrated `minScore`, else 0.3). */
  readonly minScore: number
  /** The cosine from which a write reports a near-duplicate (the embedder's calibrated `duplicateScore`, else 0.9). */
  readonly duplicateScore: number
  /** Stores one memory (or reinforces its exact duplicate); see `RememberResult` for what happened. */
  remember(namespace: string, input: MemoryInput): Promise<RememberResult>
  /**
   * A batch, deduplicated in one look-up and stored in slices whose embedding overlaps the
   * previous slice's write. `bulk: true` marks the end of a bulk load: once stored, the store
   * catches up on deferred maintenance (`Store.afterBulkLoad`: statistics, lazily built
   * indexes). A load split over many calls passes it on the last one.
   */
  rememberMany(
    namespace: string,
    inputs: MemoryInput[],
    options?: RememberManyOptions,
  ): Promise<RememberResult[]>
  /** The memories of the namespace ranked for `query` (hybrid by default); the rules are documented on the `recall` step functions. */
  recall(namespace: string, query: string, options?: RecallOptions): Promise<RecallResult>
  /** One memory of the namespace by id, or null. */
  get(namespace: string, id: string): Promise<Memory | null>
  /** Memories of the namespace, a page at a time, newest first unless `options` say otherwise. */
  list(namespace: string, options?: ListOptions): Promise<Memory[]>
  /** Changes fields of an existing memory; re-embeds only when the content changed. Null when missing. */
  update(namespace: string, id: string, patch: Partial<MemoryInput>): Promise<Memory | null>
  /** Hard delete. Returns whether it existed. */
  forget(namespace: string, id: string): Promise<boolean>
  /**
   * Stores `replacement` and tombstones `oldId` (never deleted): the old validity ends where the
   * replacement's begins (its `validFrom`, default now), so `asOf` finds one of them, never both.
   */
  supersede(namespace: string, oldId: string, replacement: MemoryInput): Promise<RememberResult>
  /** The supersession chain through a memory, oldest first. */
  history(namespace: string, id: string): Promise<Memory[]>
  /**
   * Removes expired memories for good, with their chunks and everything the store keeps about
   * them (`Store.sweepExpired`): every namespace unless one is given, expired as of `now`
   * (default now). An expired memory's own superseded history goes with it; the superseded
   * history of live memories stays. Returns what went.
   */
  sweep(options?: SweepOptions): Promise<ExpirySweepCounts>
  /**
   * Records that two live memories of the namespace are related, on both (a link is symmetric).
   * `recall(…, { includeLinked: true })` then brings either with the other. A missing,
   * superseded or expired memory, or an id of another namespace, is refused.
   */
  link(namespace: string, fromId: string, toId: string): Promise<void>
  /** Removes the link between two memories (both ways); whether there was one. */
  unlink(namespace: string, fromId: string, toId: string): Promise<boolean>
  /**
   * The namespace's most important live durable facts within `maxTokens` (400): pinned memories
   * (`metadata.pinned: true`) always, then procedural, then semantic ones by importance ×
   * confidence × reinforcement, near-repeats dropped. Reads only: the same store gives the same
   * profile, in the same order, on every call.
   */
  profile(namespace: string, options?: ProfileOptions): Promise<MemoryProfile>
  /**
   * This service object's counters since it was created (not the store's: see `Store.stats`):
   * the embedding caches' size and hit rates.
   */
  stats(): MemoryServiceStats
  /** Drains pending embeds once (scheduler-friendly). */
  repair(options?: { limit?: number; namespace?: string; signal?: AbortSignal }): Promise<RepairReport>
  /**
   * Resolves once the work recall left in the background (its reinforcements, batched for
   * `reinforceDelayMs`) has reached the store. Failures go to `onError`, never thrown.
   */
  flush(): Promise<void>
  /**
   * Flushes, then stops queueing background work: later recalls still answer but reinforce
   * nothing, and the background sweep (`sweepIntervalMs`) ends once a sweep in progress has. Call it before closing the store. Never closes the store (the application's).
   */
  close(): Promise<void>
  /**
   * The memories still waiting for a vector and why: the last error (redacted), attempts and the
   * next attempt time. Across namespaces unless one is given; `ids` narrows to those memories.
   */
  repairIssues(namespace?: string, options?: { ids?: string[]; limit?: number }): Promise<RepairIssue[]>
  /**
   * Every memory of the namespace (or of each namespace given), live and superseded, as export
   * records (`ExportRecordSchema`): a header with the format version and the store's embedder,
   * then one record per memory with its chunk spans and, with `vectors`, its vectors. Streamed a
   * page at a time. Needs a `NamespaceDataStore`.
   */
  exportNamespace(
    namespace: string | readonly string[],
    options?: { vectors?: boolean },
  ): AsyncIterable<ExportRecord>
  /**
   * Writes export records back, verbatim and idempotent by id (see `importRecords`); bad records
   * are skipped and named in the summary, the rest go in. Needs a `NamespaceDataStore`.
   */
  importRecords(
    records: Iterable<unknown> | AsyncIterable<unknown>,
    options?: ImportOptions,
  ): Promise<ImportSummary>
  /**
   * Removes every row of the namespace from every table of the store, its observe ledger with it,
   * and returns the counts. Irreversible; no tool a model can call reaches it.
   */
  eraseNamespace(namespace: string): Promise<EraseSummary>
}

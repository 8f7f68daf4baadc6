import type { Tier } from '../model/Tier.js'
import type { Reranker } from '../spec/Reranker.js'

/** Weights of the bounded ranking modifier (see `rankingModifier`). */
export interface RankingOptions {
  /** Largest relative change the modifier may make to a hit's relevance: 0.1 means ×[0.9, 1.1]. 0..0.5. */
  maxAdjustment?: number
  importanceWeight?: number
  recencyWeight?: number
  confidenceWeight?: number
  /** Time after the last access at which recency counts half. Default 30 days. */
  recencyHalfLifeMs?: number
}

/**
 * Conversation neighbourhood (see `lendToNeighbours`): turns of one stream (a conversation or
 * transcript, marked by `metadata[streamKey]`) written close together in time lend each other a
 * bounded fraction of a strong hit's relevance, because a question's words often match the turn
 * that asked or mentioned something while the answer is the turn beside it. Memories without a
 * stream (independent facts) neither lend nor borrow.
 */
export interface NeighbourhoodOptions {
  /**
   * Fraction of a seed's fused relevance its nearest neighbour gains; 0 turns lending off. Default
   * per kind of embedder (`RANKING_DEFAULTS`).
   */
  share?: number
  /** Neighbours lie within this many milliseconds of the seed's `createdAt`. Default 30 minutes. */
  windowMs?: number
  /** Neighbours per side (earlier, later), nearest first. Default per kind of embedder (`RANKING_DEFAULTS`). */
  perSide?: number
  /** The k-th neighbour on a side gains `share × decay^(k−1)` of the seed's relevance. Default 0.5. */
  decay?: number
  /** How many of the best fused hits lend. Default 10. */
  seeds?: number
  /**
   * A memory longer than this many characters does not borrow (it still lends, and still counts as a
   * neighbour on its side): a long turn holds its own evidence, searched passage by passage through
   * its chunks, and a long reply beside a matching turn is rarely what was asked for. Default the
   * chunk size (`chunking.size`, 400); `Infinity` lets every memory borrow.
   */
  borrowerMaxLength?: number
  /**
   * Session support (`sessionSupport`): each matched memory of a stream gains this fraction of the
   * best fused relevance, times its session's summed relevance relative to the best session's (a
   * session: the stream's candidates with no pause longer than `windowMs`). 0 turns it off.
   * Default 0.3.
   */
  sessionShare?: number
  /**
   * The metadata key whose value names a memory's stream; only memories with the same value lend
   * each other. Default `stream`: write `metadata: { stream: conversationId }` on a transcript's turns.
   */
  streamKey?: string
}

/**
 * Who said a memory (see `weighByRole`): a memory whose `metadata[key]` names a role listed in
 * `weights` has its relevance multiplied by that role's weight. In a user's conversations with an
 * assistant, what the user said (their plans, facts, preferences) is what a later question needs
 * more often than the assistant's replies, which restate the question at length and match many
 * queries: write `metadata: { role: 'assistant' }` on an assistant's turns.
 */
export interface RoleOptions {
  /** The metadata key whose value names a memory's role. Default `role`. */
  key?: string
  /** Relevance multiplier per role value (others keep theirs); each from 0 to 1. Default `{ assistant: 0.8 }`. */
  weights?: Readonly<Record<string, number>>
}

/**
 * Recent support (see `recentSupport`): a memory written shortly before the moment a recall is
 * asked about (`filter.asOf`, else now) gains a share of the best relevance, halving with every
 * `halfLifeMs` of age. A user coming back to an assistant usually continues the latest piece of
 * work; a memory from long ago gains nothing and keeps its own relevance. Min-max fusion only:
 * RRF's values are an order a few percent apart, where a share of the best would reorder by age alone.
 */
export interface RecentSupportOptions {
  /** Fraction of the best relevance a memory written at the reference instant gains; 0 turns it off. Default 0.1. */
  share?: number
  /** Age at which the gain is half. Default 10 days. */
  halfLifeMs?: number
}

/**
 * How recall treats a long query: a message of many content words, such as a user's whole turn
 * handed to memory search, rather than a question. Its many everyday words match everything, so
 * the keyword leg weighs each word by its rarity twice over (`SearchOptions.idfExponent`) and every
 * leg reaches deeper. Short queries (below `minTerms`) rank as before.
 */
export interface LongQueryOptions {
  /** A query with at least this many distinct content words is long. Default 12; 0 treats every query as long. */
  minTerms?: number
  /** The keyword leg's `idfExponent` for a long query. Default 2 (idf²); 1: plain BM25. */
  idfExponent?: number
  /** Candidates per leg for a long query, as `candidateFactor`. Default 8 (twice the usual depth). */
  candidateFactor?: number
}

/**
 * Pseudo-relevance feedback for the vector legs (Rocchio): after the first legs, the memory-vector
 * and chunk-vector legs search again with the query's vector plus `weight` × the mean vector of the
 * keyword leg's `hits` best memories (each unit length), and fusion ranks by that second search. A
 * question's wording finds a few memories; their meaning finds the ones worded differently. Hybrid
 * recall only, and only where the keyword leg found something. The vectors come from the store
 * (`Store.storedEmbeddings`: one read, no embedder call), so a store without that read, or opened
 * without the embedder's model, recalls without feedback. Thresholds still compare each hit's cosine
 * with the query itself: feedback reorders, it does not make a hit more relevant than it measures.
 */
export interface VectorFeedbackOptions {
  /** How many of the keyword leg's best memories move the query. Default 3 (1 to 20). */
  hits?: number
  /** How far the query moves towards their mean, the query counting 1. Default 0.5 (above 0, at most 4). */
  weight?: number
}

/**
 * An optional reranking stage (see `rerankTop`): a model that reads the query with each candidate
 * reorders the fused top `candidates` before the threshold and the limit. Its quality gain is not
 * measured offline (no reranking model runs here); measure it on your data before relying on it.
 */
export interface RerankingOptions {
  /** The model (`createAiSdkReranker` in `@agent-memory/embedder-ai-sdk` wraps any AI SDK reranking model). */
  reranker: Reranker
  /** How many of the best fused hits it reorders (one call per recall). Default 20; at least the recall's limit. */
  candidates?: number
  /**
   * Budget for the call, in ms; past it (or on an error) recall keeps the fused order and says so
   * (`degraded: 'not_reranked'`). Default 2000.
   */
  timeoutMs?: number
  /** Characters of each memory's content sent to the model. Default 4000. */
  maxDocumentChars?: number
}

/** How one repair pass claims and retries the memories waiting for an embedding. */
export interface RepairOptions {
  /** Rows claimed per `repair()` call when the caller gives no limit. Default 16. */
  batchSize?: number
  /** How long a claim is leased to this worker. Default 10 minutes. */
  leaseMs?: number
  /** Failed attempts after which a row is parked (`failed`). Default 12. */
  maxAttempts?: number
  /** First retry delay; doubles per attempt up to `maxBackoffMs`, with full jitter. Default 5 s. */
  baseBackoffMs?: number
  /** Default 30 minutes. */
  maxBackoffMs?: number
  /** Budget for one repair batch's embed call. Default 30 s. */
  embedTimeoutMs?: number
}

/** Everything `createMemory` can be tuned with; every field has a default. */
export interface MemoryServiceOptions {
  /** Budget for embedding a write (memory + chunks) before it is stored `pending`. Default 5000. */
  writeEmbedTimeoutMs?: number
  /** Budget for embedding a query before recall falls back to keyword-only. Default 2000. */
  queryEmbedTimeoutMs?: number
  /**
   * Embeddings kept in process, by (embedder model and width, text), least recently used dropped beyond the
   * bound (0 turns one off): `queries`, so a question asked again costs no embedder call (default
   * 1000 entries); `documents`, the memory and chunk texts of writes, so content embedded once is not
   * embedded again by this service (default 1000 entries). Exact duplicates of a live memory are
   * never embedded anyway (they reinforce it), and a text the namespace already stores with this
   * embedder's vector (a re-ingest from another process, the same content under another id or
   * tier) is read back from the store instead (`Store.storedEmbeddings`).
   * `MemoryService.stats()` reports the hit rates and the vectors reused.
   */
  embeddingCache?: { queries?: number; documents?: number }
  /** Texts per embed call. Default 64. */
  embedBatchSize?: number
  /**
   * The memory's own vector embeds at most this many characters of content (models have input
   * limits); chunks cover the rest of long content. Default 8000.
   */
  maxEmbedChars?: number
  /** Chunker settings (see `chunkText`). */
  chunking?: { size?: number; overlap?: number }
  /** `recall` limit when the caller gives none. Default 5. */
  defaultLimit?: number
  /** Candidates fetched per leg = max(limit × candidateFactor, 20), capped at 1000. Default 4. */
  candidateFactor?: number
  /**
   * The vector leg fetches `candidateFactor × vectorCoverFactor` times the limit so that keyword
   * hits usually also get a measured cosine. Default 3.
   */
  vectorCoverFactor?: number
  /**
   * How the legs are fused. Default `minmax`: on LoCoMo (docs/benchmarks.md) min-max reached
   * recall_any@10 68.2% against 58.9% for RRF (before neighbourhood lending), which lets a weak
   * vector leg pull strong keyword hits down by rank alone.
   */
  fusion?: 'rrf' | 'minmax'
  /** RRF constant k. Default 60. */
  rrfK?: number
  /**
   * Weight of the vector leg in min-max fusion (the keyword leg gets 1 − this). Default per kind of
   * embedder (`RANKING_DEFAULTS`), each chosen by leave-one-conversation-out on LoCoMo dev; re-tune
   * on your own embedder with `pnpm eval:locomo --embedder openrouter`.
   */
  minMaxVectorWeight?: number
  ranking?: RankingOptions
  /** A reranking stage over the fused top hits; off by default (see `RerankingOptions`). */
  rerank?: RerankingOptions
  /** Neighbourhood lending between memories written together; see `NeighbourhoodOptions` for defaults. */
  neighbourhood?: NeighbourhoodOptions
  /** How a long query (many content words) is searched; see `LongQueryOptions` for defaults. */
  longQueries?: LongQueryOptions
  /**
   * Vector-leg feedback from the keyword leg's best hits (`VectorFeedbackOptions`); `false` turns it
   * off. Default per kind of embedder (`RANKING_DEFAULTS`): on for a semantic model, off for a
   * lexical one (its vectors measure the same words the keywords do).
   */
  vectorFeedback?: VectorFeedbackOptions | false
  /** Relevance per role of a conversation's turns; see `RoleOptions` for defaults. */
  roles?: RoleOptions
  /** Support for what was written shortly before the recall's moment; see `RecentSupportOptions` for defaults. */
  recentSupport?: RecentSupportOptions
  /** Default lifetime of short-term tiers when a write sets no `expiresAt`. Durable tiers get none. */
  ttlMs?: { working?: number; episodic?: number }
  /** Importance of a write that sets none. Default 0.5. */
  defaultImportance?: number
  /** Starting confidence of a durable (semantic/procedural) memory. Default 0.4. */
  initialConfidence?: number
  /** Step in log-odds added to confidence each time an exact duplicate re-observes a memory. Default 0.5. */
  confidenceStep?: number
  /**
   * Per tier, how long tracked confidence takes without re-observation to lose half its height
   * above `confidenceFloor` (see `decayedConfidence`); 0 or `Infinity` turns decay off for a tier.
   * Defaults (`DEFAULT_CONFIDENCE_DECAY`): working 1 day, episodic 14 days, semantic 180 days,
   * procedural 365 days.
   */
  confidenceHalfLifeMs?: Partial<Record<Tier, number>>
  /** The value decaying confidence approaches and never falls below. Default 0.1. */
  confidenceFloor?: number
  repair?: RepairOptions
  /**
   * Sweep expired memories in the background every this many ms (`MemoryService.sweep` over
   * every namespace; failures go to `onError`), until `close()`. Default: off. Reads hide expired
   * memories already, and a sweep deletes for good: a library should not start deleting in
   * every process that opens a store, so a long-running server opts in (or runs
   * `agent-memory maintain` from a scheduler). At least 1000.
   */
  sweepIntervalMs?: number
  /**
   * How long recall's reinforcements (access count, last access, sliding expiry) wait to be
   * batched into one store call, in ms, counted from the first recall queued; a service with
   * thousands of hits queued writes at once (see `MemoryService.flush`). Default 100.
   */
  reinforceDelayMs?: number
  /**
   * The least time between two of those store calls, in ms: under steady recall traffic the
   * reinforcements are written once an interval, every recall since the last in one call, so a
   * busy process writes access statistics once a second rather than ten times, and a memory
   * recalled again and again changes once. A lone recall still waits only `reinforceDelayMs`.
   * Default 1000; 0 writes after every delay.
   */
  reinforceIntervalMs?: number
  /** The service's clock (expiry, validity stamps, recency). */
  now?: () => Date
  /** Random source in [0,1) for backoff jitter. */
  random?: () => number
  /**
   * Receives failures that do not fail the call: background reinforcement, a failed chunk leg,
   * a failed keyword leg in hybrid mode, an embedder failure that degraded a call.
   */
  onError?: (error: unknown, context: { operation: string }) => void
}

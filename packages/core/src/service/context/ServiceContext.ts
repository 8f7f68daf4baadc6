import type { Tier } from '../../model/Tier.js'
import type { Embedder } from '../../spec/Embedder.js'
import type { Reranker } from '../../spec/Reranker.js'
import type { Store } from '../../spec/Store.js'
import type { ConfidenceDecay } from '../ConfidenceDecay.js'
import type { EmbeddingCache } from '../cache/EmbeddingCache.js'
import type {
  LongQueryOptions,
  NeighbourhoodOptions,
  RankingOptions,
  RecentSupportOptions,
  RoleOptions,
  VectorFeedbackOptions,
} from '../MemoryServiceOptions.js'
import type { ReinforcementQueue } from '../recall/ReinforcementQueue.js'

/**
 * The memory service's resolved settings and collaborators, built once by
 * `resolveServiceContext` (where every default lives) and shared by the remember, recall,
 * lifecycle and repair modules. Field meanings are documented on `MemoryServiceOptions`.
 */
export interface ServiceContext {
  readonly store: Store
  readonly embedder: Embedder
  readonly now: () => Date
  readonly random: () => number
  readonly writeTimeoutMs: number
  readonly queryTimeoutMs: number
  readonly batchSize: number
  readonly maxEmbedChars: number
  readonly chunking: { size?: number; overlap?: number } | undefined
  readonly defaultLimit: number
  readonly candidateFactor: number
  readonly vectorCoverFactor: number
  readonly fusion: 'rrf' | 'minmax'
  readonly rrfK: number
  readonly vectorWeight: number
  /** The ranking modifier's weights, and the confidence decay it ranks with. */
  readonly ranking: (RankingOptions & { readonly confidenceDecay?: ConfidenceDecay }) | undefined
  /** How tracked confidence fades: read paths show it decayed, reinforcement starts from it. */
  readonly confidenceDecay: ConfidenceDecay
  readonly neighbourhood: Required<NeighbourhoodOptions>
  readonly longQueries: Required<LongQueryOptions>
  /** Vector-leg feedback from the keyword leg's best hits; `null`: off. */
  readonly vectorFeedback: Required<VectorFeedbackOptions> | null
  readonly roles: Required<RoleOptions>
  readonly recentSupport: Required<RecentSupportOptions>
  /** Default lifetimes of the short-term tiers; durable tiers have none. */
  readonly ttlMs: Partial<Record<Tier, number>>
  readonly defaultImportance: number
  readonly initialConfidence: number
  readonly confidenceStep: number
  readonly repair: {
    readonly batchSize: number
    readonly leaseMs: number
    readonly maxAttempts: number
    readonly baseBackoffMs: number
    readonly maxBackoffMs: number
    readonly embedTimeoutMs: number
  }
  /** Background expiry sweep period; undefined: no background sweep. */
  readonly sweepIntervalMs: number | undefined
  /** The threshold `memory_search` applies: the embedder's calibrated one, else `DEFAULT_MIN_SCORE`. */
  readonly minScore: number
  /** From this cosine a write reports a live memory as a near-duplicate: the embedder's calibrated one, else `DEFAULT_DUPLICATE_SCORE`. */
  readonly duplicateScore: number
  /** The embedder's cosine is lexical (`Embedder.lexical`): thresholds ask the keyword leg to agree. */
  readonly lexicalEmbedder: boolean
  /** The reranking stage, when one is set. */
  readonly rerank:
    | {
        readonly reranker: Reranker
        readonly candidates: number
        readonly timeoutMs: number
        readonly maxDocumentChars: number
      }
    | undefined
  /** Query vectors by (embedder, text), bounded (`embeddingCache.queries`). */
  readonly queryEmbeddings: EmbeddingCache
  /** Write vectors (memory and chunk texts) by (embedder, text), bounded (`embeddingCache.documents`). */
  readonly documentEmbeddings: EmbeddingCache
  /** Memory and chunk vectors read back from the store instead of embedded (`reuseStoredVectors`). */
  readonly storedVectorsReused: { count: number }
  /** Recall's reinforcements, batched off the response path. */
  readonly reinforcements: ReinforcementQueue
  /** Hands a failure that does not fail the call to `onError` (a throwing hook is ignored). */
  report(error: unknown, operation: string): void
}

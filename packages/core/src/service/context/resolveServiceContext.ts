import { CHUNK_SIZE } from '../../chunk/CHUNK_SIZE.js'
import { DimensionMismatchError } from '../../errors/DimensionMismatchError.js'
import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import type { Embedder } from '../../spec/Embedder.js'
import type { Store } from '../../spec/Store.js'
import type { ConfidenceDecay } from '../ConfidenceDecay.js'
import { EmbeddingCache } from '../cache/EmbeddingCache.js'
import { DEFAULT_CONFIDENCE_DECAY } from '../DEFAULT_CONFIDENCE_DECAY.js'
import { DEFAULT_DUPLICATE_SCORE } from '../DEFAULT_DUPLICATE_SCORE.js'
import { DEFAULT_MIN_SCORE } from '../DEFAULT_MIN_SCORE.js'
import type { MemoryServiceOptions } from '../MemoryServiceOptions.js'
import { RANKING_DEFAULTS } from '../RANKING_DEFAULTS.js'
import { ReinforcementQueue } from '../recall/ReinforcementQueue.js'
import { writeReinforcements } from '../recall/writeReinforcements.js'
import { checkedRoleWeights } from './checkedRoleWeights.js'
import { resolveLongQueries } from './resolveLongQueries.js'
import { resolveRerank } from './resolveRerank.js'
import { resolveVectorFeedback } from './resolveVectorFeedback.js'
import type { ServiceContext } from './ServiceContext.js'

const DAY_MS = 86_400_000

/**
 * Resolves `MemoryServiceOptions` once: the one place the service's defaults are set (each is
 * described on the option it fills).
 *
 * @throws DimensionMismatchError when the embedder's dimensions differ from the store's.
 */
export function resolveServiceContext(config: {
  store: Store
  embedder: Embedder
  options?: MemoryServiceOptions
}): ServiceContext {
  const { store, embedder } = config
  const options = config.options ?? {}
  if (embedder.dimensions !== store.dimensions) {
    throw new DimensionMismatchError(
      { dimensions: store.dimensions },
      { model: embedder.model, dimensions: embedder.dimensions },
    )
  }
  const reinforceDelayMs = milliseconds(options.reinforceDelayMs, 'reinforceDelayMs', 100)
  const reinforceIntervalMs = milliseconds(options.reinforceIntervalMs, 'reinforceIntervalMs', 1_000)
  const sweepIntervalMs = options.sweepIntervalMs
  if (sweepIntervalMs !== undefined && !(Number.isFinite(sweepIntervalMs) && sweepIntervalMs >= 1_000)) {
    throw new InvalidArgumentError(
      'sweepIntervalMs',
      'sweepIntervalMs must be a number of milliseconds, at least 1000',
    )
  }
  const floor = options.confidenceFloor ?? DEFAULT_CONFIDENCE_DECAY.floor
  if (!(floor >= 0 && floor <= 1))
    throw new InvalidArgumentError('confidenceFloor', 'confidenceFloor must be in [0, 1]')
  const confidenceDecay: ConfidenceDecay = {
    halfLifeMs: { ...DEFAULT_CONFIDENCE_DECAY.halfLifeMs, ...options.confidenceHalfLifeMs },
    floor,
  }
  const cacheSize = (name: 'queries' | 'documents'): number => {
    const value = options.embeddingCache?.[name] ?? 1_000
    if (!(Number.isInteger(value) && value >= 0))
      throw new InvalidArgumentError(
        'embeddingCache',
        `embeddingCache.${name} must be a whole number of entries, 0 or more`,
      )
    return value
  }
  const ranking = RANKING_DEFAULTS[embedder.lexical === true ? 'lexical' : 'semantic']
  const context: ServiceContext = {
    store,
    embedder,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
    writeTimeoutMs: options.writeEmbedTimeoutMs ?? 5_000,
    queryTimeoutMs: options.queryEmbedTimeoutMs ?? 2_000,
    batchSize: Math.max(1, options.embedBatchSize ?? 64),
    maxEmbedChars: options.maxEmbedChars ?? 8_000,
    chunking: options.chunking,
    defaultLimit: options.defaultLimit ?? 5,
    candidateFactor: options.candidateFactor ?? 4,
    vectorCoverFactor: options.vectorCoverFactor ?? 3,
    fusion: options.fusion ?? 'minmax',
    rrfK: options.rrfK ?? 60,
    vectorWeight: options.minMaxVectorWeight ?? ranking.minMaxVectorWeight,
    ranking: { ...options.ranking, confidenceDecay },
    confidenceDecay,
    neighbourhood: {
      share: options.neighbourhood?.share ?? ranking.neighbourhood.share,
      windowMs: options.neighbourhood?.windowMs ?? 30 * 60_000,
      perSide: options.neighbourhood?.perSide ?? ranking.neighbourhood.perSide,
      decay: options.neighbourhood?.decay ?? 0.5,
      seeds: options.neighbourhood?.seeds ?? 10,
      borrowerMaxLength: options.neighbourhood?.borrowerMaxLength ?? options.chunking?.size ?? CHUNK_SIZE,
      streamKey: options.neighbourhood?.streamKey ?? 'stream',
      sessionShare: options.neighbourhood?.sessionShare ?? ranking.neighbourhood.sessionShare,
    },
    longQueries: resolveLongQueries(options.longQueries),
    vectorFeedback: resolveVectorFeedback(options.vectorFeedback, ranking.vectorFeedback),
    roles: {
      key: options.roles?.key ?? ranking.roles.key,
      weights: checkedRoleWeights(options.roles?.weights ?? ranking.roles.weights),
    },
    recentSupport: {
      share: options.recentSupport?.share ?? ranking.recentSupport.share,
      halfLifeMs: options.recentSupport?.halfLifeMs ?? ranking.recentSupport.halfLifeMs,
    },
    ttlMs: {
      working: options.ttlMs?.working ?? DAY_MS,
      episodic: options.ttlMs?.episodic ?? 30 * DAY_MS,
    },
    defaultImportance: options.defaultImportance ?? 0.5,
    initialConfidence: options.initialConfidence ?? 0.4,
    confidenceStep: options.confidenceStep ?? 0.5,
    repair: {
      batchSize: options.repair?.batchSize ?? 16,
      leaseMs: options.repair?.leaseMs ?? 10 * 60_000,
      maxAttempts: options.repair?.maxAttempts ?? 12,
      baseBackoffMs: options.repair?.baseBackoffMs ?? 5_000,
      maxBackoffMs: options.repair?.maxBackoffMs ?? 30 * 60_000,
      embedTimeoutMs: options.repair?.embedTimeoutMs ?? 30_000,
    },
    sweepIntervalMs,
    minScore: embedder.minScore ?? DEFAULT_MIN_SCORE,
    duplicateScore: embedder.duplicateScore ?? DEFAULT_DUPLICATE_SCORE,
    lexicalEmbedder: embedder.lexical === true,
    rerank: resolveRerank(options.rerank),
    queryEmbeddings: new EmbeddingCache(cacheSize('queries')),
    documentEmbeddings: new EmbeddingCache(cacheSize('documents')),
    storedVectorsReused: { count: 0 },
    reinforcements: new ReinforcementQueue({
      delayMs: reinforceDelayMs,
      intervalMs: reinforceIntervalMs,
      write: (groups) => writeReinforcements(context, groups),
      report: (error) => context.report(error, 'recall.reinforce'),
    }),
    report(error, operation) {
      try {
        options.onError?.(error, { operation })
      } catch {
        // A faulty hook must not turn a handled failure into an unhandled one.
      }
    },
  }
  return context
}

/** The longest wait a timer holds (a longer one fires at once). */
const MAX_TIMER_MS = 2_147_483_647

/** A wait in ms as an option gives it (`name`), or `fallback` when unset. */
function milliseconds(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (!(Number.isFinite(value) && value >= 0 && value <= MAX_TIMER_MS)) {
    throw new InvalidArgumentError(
      name,
      `${name} must be a number of milliseconds, from 0 to ${MAX_TIMER_MS}`,
    )
  }
  return value
}

import { InvalidArgumentError } from '@agent-memory/core'
import type { Executor } from '../../sql/Executor.js'
import { SharedKeywordIndex } from '../keyword/SharedKeywordIndex.js'
import { PGVECTOR_STORE_DEFAULTS } from '../PGVECTOR_STORE_DEFAULTS.js'
import type { PgVectorStoreOptions } from '../PgVectorStoreOptions.js'
import type { InProcessIndexes } from './InProcessIndexes.js'
import { PGLITE_BULK_THRESHOLD } from './PGLITE_BULK_THRESHOLD.js'
import type { StoreContext } from './StoreContext.js'

/** Resolves the options once (their defaults are documented on `PgVectorStoreOptions`). */
export function createStoreContext(
  executor: Executor,
  options: PgVectorStoreOptions,
  inProcess?: InProcessIndexes,
): StoreContext {
  if (!Number.isInteger(options.dimensions) || options.dimensions < 1 || options.dimensions > 16_000) {
    throw new InvalidArgumentError('dimensions', 'dimensions must be an integer in 1..16000')
  }
  const recallSampleRate = options.recallSampleRate ?? PGVECTOR_STORE_DEFAULTS.recallSampleRate
  if (!(recallSampleRate >= 0 && recallSampleRate <= 1)) {
    throw new InvalidArgumentError('recallSampleRate', 'recallSampleRate must be a number in 0..1')
  }
  const recallSampleBudget = options.recallSampleBudget ?? PGVECTOR_STORE_DEFAULTS.recallSampleBudget
  if (!(recallSampleBudget > 0 && recallSampleBudget <= 1)) {
    throw new InvalidArgumentError('recallSampleBudget', 'recallSampleBudget must be a number in (0, 1]')
  }
  if (options.distribute !== undefined && options.distribute !== 'citus') {
    throw new InvalidArgumentError('distribute', "distribute must be 'citus' or left out")
  }
  if (options.distribute !== undefined && executor.kind !== 'postgres') {
    throw new InvalidArgumentError(
      'distribute',
      'distribute needs a PostgreSQL connection to a Citus coordinator, not an embedded database',
    )
  }
  return {
    executor,
    distributed: options.distribute === 'citus',
    dimensions: options.dimensions,
    model: options.model,
    exactSearchMaxRows: Math.min(
      1_000_000_000,
      Math.max(0, Math.floor(options.exactSearchMaxRows ?? PGVECTOR_STORE_DEFAULTS.exactSearchMaxRows)),
    ),
    autoIndex: options.autoIndex ?? executor.kind === 'postgres',
    recallSampleRate,
    recallSampleBudget,
    upkeep: {
      running: new Map(),
      failedAt: new Map(),
      folds: new Map(),
      backends: new Set(),
      samples: new Set(),
      samplesIdleUntil: 0,
      sizing: new Map(),
      keywordLoads: new Map(),
      closing: false,
    },
    bulkThreshold:
      options.bulkThreshold ??
      (executor.kind === 'postgres' ? PGVECTOR_STORE_DEFAULTS.bulkThreshold : PGLITE_BULK_THRESHOLD),
    countTtlMs: options.namespaceCountTtlMs ?? PGVECTOR_STORE_DEFAULTS.namespaceCountTtlMs,
    indexFacts: new Map(),
    namespaceSizes: new Map(),
    keywordStats: new Map(),
    keywordWrites: new Map(),
    keywordReadsEveryMatch: new Map(),
    namespaceInserts: new Map(),
    keywordIndex: inProcess?.keyword,
    sharedKeywordIndex:
      executor.kind === 'postgres' &&
      options.distribute === undefined &&
      inProcess === undefined &&
      options.inProcessKeywordIndex !== false
        ? new SharedKeywordIndex()
        : undefined,
    vectorIndex: inProcess?.vector,
  }
}

export { ChunkSchema, type Chunk } from './model/Chunk.js'
export { EmbedStateSchema, type EmbedState } from './model/EmbedState.js'
export { LevelSchema, type Level } from './model/Level.js'
export { MemorySchema, type Memory } from './model/Memory.js'
export {
  MAX_CONTENT_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MemoryInputSchema,
  type MemoryInput,
  type ParsedMemoryInput,
} from './model/MemoryInput.js'
export type { MemoryWrite } from './model/MemoryWrite.js'
export { METADATA_KEY_PATTERN, MetadataSchema, type Metadata } from './model/Metadata.js'
export { NamespaceSchema } from './model/Namespace.js'
export { TIERS, TierSchema, type Tier } from './model/Tier.js'

export type { EmbedOptions, Embedder } from './spec/Embedder.js'
export type { MemoryFilter, MetadataFilterValue } from './spec/MemoryFilter.js'
export type { ScoredMemory } from './spec/ScoredMemory.js'
export type {
  ListOptions,
  NamespaceStats,
  ReinforceOptions,
  SearchOptions,
  Store,
  UpsertOutcome,
} from './spec/Store.js'
export { isChunkStore, type ChunkStore } from './spec/ChunkStore.js'
export { isRepairStore, type PendingClaim, type RepairStats, type RepairStore } from './spec/RepairStore.js'

export { DimensionMismatchError } from './errors/DimensionMismatchError.js'
export { EmbeddingError, type EmbeddingErrorDetails } from './errors/EmbeddingError.js'
export { InvalidArgumentError } from './errors/InvalidArgumentError.js'
export { LockedError } from './errors/LockedError.js'
export { MemoryError, type MemoryErrorReason } from './errors/MemoryError.js'
export { StoreError, type StoreErrorKind } from './errors/StoreError.js'
export { ValidationError } from './errors/ValidationError.js'

export { fingerprint } from './text/fingerprint.js'
export { normalizeText } from './text/normalizeText.js'
export { REDACTED, redactSecrets } from './text/redactSecrets.js'
export { uuidv7 } from './text/uuidv7.js'

export type {
  MemoryService,
  RecallHit,
  RecallOptions,
  RecallResult,
  RememberResult,
  RepairReport,
} from './service/MemoryService.js'

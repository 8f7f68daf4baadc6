export { CHUNK_OVERLAP } from './chunk/CHUNK_OVERLAP.js'
export { CHUNK_SIZE } from './chunk/CHUNK_SIZE.js'
export type { ChunkOptions } from './chunk/ChunkOptions.js'
export type { ChunkSpan } from './chunk/ChunkSpan.js'
export { chunkSpans } from './chunk/chunkSpans.js'
export { chunkText } from './chunk/chunkText.js'
export { decodeVector } from './data/decodeVector.js'
export type { EraseSummary } from './data/EraseSummary.js'
export { EXPORT_FORMAT_VERSION } from './data/EXPORT_FORMAT_VERSION.js'
export { type ExportHeader, ExportHeaderSchema } from './data/ExportHeaderSchema.js'
export { type ExportMemory, ExportMemorySchema } from './data/ExportMemorySchema.js'
export { type ExportRecord, ExportRecordSchema } from './data/ExportRecordSchema.js'
export { encodeVector } from './data/encodeVector.js'
export { fromExportMemory } from './data/fromExportMemory.js'
export type { ImportOptions } from './data/ImportOptions.js'
export type { ImportSummary } from './data/ImportSummary.js'
export { toExportMemory } from './data/toExportMemory.js'
export { DimensionMismatchError } from './errors/DimensionMismatchError.js'
export { EmbeddingError, type EmbeddingErrorDetails } from './errors/EmbeddingError.js'
export { InvalidArgumentError } from './errors/InvalidArgumentError.js'
export { LockedError } from './errors/LockedError.js'
export { MemoryError, type MemoryErrorReason } from './errors/MemoryError.js'
export { StoreError, type StoreErrorKind, type StoreErrorOptions } from './errors/StoreError.js'
export { ValidationError } from './errors/ValidationError.js'
export { type Chunk, ChunkSchema } from './model/Chunk.js'
export { checkDate } from './model/checkDate.js'
export { DateInputSchema } from './model/DateInputSchema.js'
export { type EmbedState, EmbedStateSchema } from './model/EmbedState.js'
export { type Level, LevelSchema } from './model/Level.js'
export { type Memory, MemorySchema } from './model/Memory.js'
export {
  MAX_CONTENT_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  type MemoryInput,
  MemoryInputSchema,
  type ParsedMemoryInput,
} from './model/MemoryInput.js'
export type { MemoryWrite } from './model/MemoryWrite.js'
export { METADATA_KEY_PATTERN, type Metadata, MetadataSchema } from './model/Metadata.js'
export {
  MAX_METADATA_BYTES,
  MAX_METADATA_DEPTH,
  MetadataInputSchema,
} from './model/MetadataInput.js'
export { NamespaceSchema } from './model/Namespace.js'
export { namespaceProblems } from './model/namespaceProblems.js'
export { TIERS, type Tier } from './model/Tier.js'
export { TierSchema } from './model/TierSchema.js'
export { effectiveMinScore } from './recall-text/effectiveMinScore.js'
export { formatCreatedAt } from './recall-text/formatCreatedAt.js'
export { formatMemorySearchResult } from './recall-text/formatMemorySearchResult.js'
export { MEMORY_SEARCH_SENTENCES } from './recall-text/MEMORY_SEARCH_SENTENCES.js'
export { MAX_RENDERED_CONTENT, renderContentAsData } from './recall-text/renderContentAsData.js'
export type { ConfidenceDecay } from './service/ConfidenceDecay.js'
export type { EmbeddingCacheStats } from './service/cache/EmbeddingCacheStats.js'
export { createMemory } from './service/createMemory.js'
export { DEFAULT_CONFIDENCE_DECAY } from './service/DEFAULT_CONFIDENCE_DECAY.js'
export { DEFAULT_DUPLICATE_SCORE } from './service/DEFAULT_DUPLICATE_SCORE.js'
export { DEFAULT_MIN_SCORE } from './service/DEFAULT_MIN_SCORE.js'
export { decayedConfidence } from './service/decayedConfidence.js'
export { fuseMinMax } from './service/fuseMinMax.js'
export { fuseReciprocalRank, type RankedLeg } from './service/fuseReciprocalRank.js'
export { MAX_QUERY_LENGTH } from './service/MAX_QUERY_LENGTH.js'
export type {
  MemoryProfile,
  MemoryService,
  ProfileOptions,
  RecallHit,
  RecallOptions,
  RecallResult,
  RecallScores,
  RememberManyOptions,
  RememberResult,
  RepairReport,
  SimilarMemory,
} from './service/MemoryService.js'
export type {
  LongQueryOptions,
  MemoryServiceOptions,
  NeighbourhoodOptions,
  RankingOptions,
  RecentSupportOptions,
  RepairOptions,
  RerankingOptions,
  RoleOptions,
  VectorFeedbackOptions,
} from './service/MemoryServiceOptions.js'
export type { MemoryServiceStats } from './service/MemoryServiceStats.js'
export { DEFAULT_PROFILE_TOKENS } from './service/profile/DEFAULT_PROFILE_TOKENS.js'
export { PINNED_KEY } from './service/profile/PINNED_KEY.js'
export { profileCandidateLists } from './service/profile/profileCandidateLists.js'
export { RANKING_DEFAULTS } from './service/RANKING_DEFAULTS.js'
export { rankingModifier } from './service/rankingModifier.js'
export { resolveLink } from './service/resolveLink.js'
export type { SweepOptions } from './service/SweepOptions.js'
export { type RepairLoopOptions, startRepairLoop } from './service/startRepairLoop.js'
export { type ChunkStore, isChunkStore } from './spec/ChunkStore.js'
export { checkEmbedTexts } from './spec/checkEmbedTexts.js'
export type { Embedder, EmbedOptions } from './spec/Embedder.js'
export type { ExpirySweepCounts } from './spec/ExpirySweepCounts.js'
export type { ExpirySweepStore } from './spec/ExpirySweepStore.js'
export type { LegSearchRequest } from './spec/LegSearchRequest.js'
export { isLegSearchStore, type LegSearchStore } from './spec/LegSearchStore.js'
export type { LinkStore } from './spec/LinkStore.js'
export type { MemoryFilter, MetadataFilterValue } from './spec/MemoryFilter.js'
export {
  type EraseReport,
  type ImportRowOutcome,
  isNamespaceDataStore,
  type NamespaceDataStore,
  type StoredMemoryRow,
} from './spec/NamespaceDataStore.js'
export type { RepairIssue } from './spec/RepairIssue.js'
export { isRepairStore, type PendingClaim, type RepairStats, type RepairStore } from './spec/RepairStore.js'
export type { RerankCallOptions, Reranker } from './spec/Reranker.js'
export type { ScoredMemory } from './spec/ScoredMemory.js'
export type {
  ListOptions,
  NamespaceStats,
  ReinforceGroup,
  ReinforceOptions,
  SearchOptions,
  Store,
  UpsertOutcome,
} from './spec/Store.js'
export type { StoredEmbedding } from './spec/StoredEmbedding.js'
export { estimateTokens } from './text/estimateTokens.js'
export { fingerprint } from './text/fingerprint.js'
export { ledgerNamespace } from './text/ledgerNamespace.js'
export { normalizeText } from './text/normalizeText.js'
export { REDACTED, redactSecrets } from './text/redactSecrets.js'
export { uuidv7 } from './text/uuidv7.js'
export { MAX_TOOL_ARGUMENT_BYTES } from './validate/MAX_TOOL_ARGUMENT_BYTES.js'
export { MAX_TOOL_ARGUMENT_ERRORS } from './validate/MAX_TOOL_ARGUMENT_ERRORS.js'
export type { ToolArgumentsResult } from './validate/ToolArgumentsResult.js'
export {
  type ToolParametersJsonSchema,
  toolParametersJsonSchema,
} from './validate/toolParametersJsonSchema.js'
export type { ValidateToolArgumentsOptions } from './validate/ValidateToolArgumentsOptions.js'
export { validateToolArguments } from './validate/validateToolArguments.js'

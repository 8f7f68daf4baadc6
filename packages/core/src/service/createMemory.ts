import { z } from 'zod'
import { chunkText } from '../chunk/chunkText.js'
import { DimensionMismatchError } from '../errors/DimensionMismatchError.js'
import { InvalidArgumentError } from '../errors/InvalidArgumentError.js'
import { ValidationError } from '../errors/ValidationError.js'
import type { Chunk } from '../model/Chunk.js'
import type { Memory } from '../model/Memory.js'
import { type MemoryInput, MemoryInputSchema, type ParsedMemoryInput } from '../model/MemoryInput.js'
import type { MemoryWrite } from '../model/MemoryWrite.js'
import { METADATA_KEY_PATTERN } from '../model/Metadata.js'
import { NamespaceSchema } from '../model/Namespace.js'
import type { Tier } from '../model/Tier.js'
import { isChunkStore } from '../spec/ChunkStore.js'
import type { Embedder } from '../spec/Embedder.js'
import type { MemoryFilter } from '../spec/MemoryFilter.js'
import { isRepairStore } from '../spec/RepairStore.js'
import type { ScoredMemory } from '../spec/ScoredMemory.js'
import type { ListOptions, Store } from '../spec/Store.js'
import { fingerprint } from '../text/fingerprint.js'
import { normalizeText } from '../text/normalizeText.js'
import { uuidv7 } from '../text/uuidv7.js'
import { describeIssues } from './describeIssues.js'
import { embedWithinBudget } from './embedWithinBudget.js'
import { fuseMinMax } from './fuseMinMax.js'
import { fuseReciprocalRank, type RankedLeg } from './fuseReciprocalRank.js'
import { MAX_QUERY_LENGTH } from './MAX_QUERY_LENGTH.js'
import type {
  MemoryService,
  RecallHit,
  RecallOptions,
  RecallResult,
  RememberResult,
  RepairReport,
} from './MemoryService.js'
import type { MemoryServiceOptions } from './MemoryServiceOptions.js'
import { rankingModifier } from './rankingModifier.js'
import { redactDeep } from './redactDeep.js'
import { reobservedConfidence } from './reobservedConfidence.js'
import { repairBackoffMs } from './repairBackoffMs.js'

const DAY_MS = 86_400_000
const DURABLE: ReadonlySet<Tier> = new Set(['semantic', 'procedural'])
const MIN_POOL = 20
const MAX_POOL = 1000

import { DEFAULT_MIN_SCORE } from './DEFAULT_MIN_SCORE.js'

const RecallOptionsSchema = z
  .object({
    limit: z.number().int().min(1).max(100).optional(),
    filter: z.record(z.string(), z.unknown()).optional(),
    minScore: z.number().min(0).max(1).optional(),
    mode: z.enum(['hybrid', 'vector', 'keyword']).optional(),
    signal: z.instanceof(AbortSignal).optional(),
  })
  .strict()

const IdSchema = z.string().min(1, 'id must not be empty').max(128, 'id must be at most 128 characters')

/** A validated, normalised, redacted write, before dedup and embedding. */
interface PreparedWrite {
  input: ParsedMemoryInput
  content: string
  fingerprint: string
  redacted: boolean
  chunkTexts: string[]
}

/**
 * Composes a store and an embedder into a `MemoryService`.
 *
 * Write path: validate → normalise → redact credentials (content, summary, tags, metadata strings)
 * → fingerprint → exact duplicate (same namespace, tier, fingerprint, live) of a fresh write →
 * reinforce it instead → chunk long content → embed memory and chunks in batches within the write
 * budget, outside any transaction → one `upsert`. An embedder failure or timeout stores the memory
 * `pending` (`degraded: 'pending_embed'`); `repair` embeds it later.
 *
 * Recall: see `recall` below; the scoring rules are documented on it.
 *
 * @throws DimensionMismatchError when the embedder's dimensions differ from the store's.
 */
export function createMemory(config: {
  store: Store
  embedder: Embedder
  options?: MemoryServiceOptions
}): MemoryService {
  const { store, embedder } = config
  const options = config.options ?? {}
  if (embedder.dimensions !== store.dimensions) {
    throw new DimensionMismatchError(
      { dimensions: store.dimensions },
      { model: embedder.model, dimensions: embedder.dimensions },
    )
  }
  const now = options.now ?? (() => new Date())
  const random = options.random ?? Math.random
  const writeTimeoutMs = options.writeEmbedTimeoutMs ?? 5_000
  const queryTimeoutMs = options.queryEmbedTimeoutMs ?? 2_000
  const batchSize = Math.max(1, options.embedBatchSize ?? 64)
  const maxEmbedChars = options.maxEmbedChars ?? 8_000
  const defaultLimit = options.defaultLimit ?? 5
  const candidateFactor = options.candidateFactor ?? 4
  const vectorCoverFactor = options.vectorCoverFactor ?? 3
  const fusion = options.fusion ?? 'minmax'
  const rrfK = options.rrfK ?? 60
  const vectorWeight = options.minMaxVectorWeight ?? 0.3
  const ttlMs: Partial<Record<Tier, number>> = {
    working: options.ttlMs?.working ?? DAY_MS,
    episodic: options.ttlMs?.episodic ?? 30 * DAY_MS,
  }
  const defaultImportance = options.defaultImportance ?? 0.5
  const initialConfidence = options.initialConfidence ?? 0.4
  const confidenceStep = options.confidenceStep ?? 0.5
  const repairOptions = {
    batchSize: options.repair?.batchSize ?? 16,
    leaseMs: options.repair?.leaseMs ?? 10 * 60_000,
    maxAttempts: options.repair?.maxAttempts ?? 12,
    baseBackoffMs: options.repair?.baseBackoffMs ?? 5_000,
    maxBackoffMs: options.repair?.maxBackoffMs ?? 30 * 60_000,
    embedTimeoutMs: options.repair?.embedTimeoutMs ?? 30_000,
  }
  const minScore = embedder.minScore ?? DEFAULT_MIN_SCORE

  const report = (error: unknown, operation: string) => {
    try {
      options.onError?.(error, { operation })
    } catch {
      // A faulty hook must not turn a handled failure into an unhandled one.
    }
  }

  const checkNamespace = (namespace: unknown): string => {
    const parsed = NamespaceSchema.safeParse(namespace)
    if (!parsed.success) throw new ValidationError(describeIssues(parsed.error.issues, 'namespace'))
    return parsed.data
  }

  const checkId = (id: unknown, issues: string[] = []): string => {
    const parsed = IdSchema.safeParse(id)
    if (!parsed.success) throw new ValidationError([...issues, ...describeIssues(parsed.error.issues, 'id')])
    if (issues.length > 0) throw new ValidationError(issues)
    return parsed.data
  }

  /** The texts a memory's vectors come from: its (bounded) content, then its chunks when long. */
  const chunkTextsOf = (content: string): string[] => {
    const pieces = chunkText(content, options.chunking)
    return pieces.length > 1 ? pieces : []
  }
  const memoryEmbedText = (content: string): string => content.slice(0, maxEmbedChars)

  const defaultExpiry = (tier: Tier, from: Date): Date | null => {
    const ttl = ttlMs[tier]
    return ttl === undefined ? null : new Date(from.getTime() + ttl)
  }

  const prepare = (
    namespace: unknown,
    inputs: unknown[],
    indexed: boolean,
  ): { namespace: string; writes: PreparedWrite[] } => {
    const issues: string[] = []
    const ns = NamespaceSchema.safeParse(namespace)
    if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
    const writes: PreparedWrite[] = []
    inputs.forEach((raw, index) => {
      const prefix = indexed ? `[${index}].` : ''
      const parsed = MemoryInputSchema.safeParse(raw)
      if (!parsed.success) {
        issues.push(...describeIssues(parsed.error.issues, indexed ? `[${index}]` : ''))
        return
      }
      const input = parsed.data
      const content = redactDeep(normalizeText(input.content))
      if (content.value.trim() === '') {
        issues.push(`${prefix}content: must not be empty or only whitespace`)
        return
      }
      const rest = redactDeep({
        summary: input.summary == null ? input.summary : normalizeText(input.summary),
        metadata: input.metadata,
        tags: input.tags?.map(normalizeText),
      })
      writes.push({
        input: {
          ...input,
          summary: rest.value.summary,
          metadata: rest.value.metadata,
          tags: rest.value.tags,
        },
        content: content.value,
        fingerprint: fingerprint(content.value),
        redacted: content.redacted || rest.redacted,
        chunkTexts: chunkTextsOf(content.value),
      })
    })
    if (issues.length > 0) throw new ValidationError(issues)
    return { namespace: ns.data!, writes }
  }

  const toWrite = (id: string, prepared: PreparedWrite, at: Date): MemoryWrite => {
    const input = prepared.input
    const durable = DURABLE.has(input.tier)
    return {
      id,
      tier: input.tier,
      level: input.level ?? null,
      content: prepared.content,
      summary: input.summary ?? null,
      metadata: input.metadata ?? {},
      tags: input.tags ?? [],
      importance: input.importance ?? defaultImportance,
      expiresAt: input.expiresAt !== undefined ? input.expiresAt : defaultExpiry(input.tier, at),
      validFrom: input.validFrom ?? null,
      validTo: input.validTo ?? null,
      confidence: input.confidence !== undefined ? input.confidence : durable ? initialConfidence : null,
      // An explicit importance overrides any judged one (Memory.assessedImportance).
      assessedImportance: input.importance !== undefined ? null : (input.assessedImportance ?? null),
      linkedMemoryIds: input.linkedMemoryIds ?? [],
      fingerprint: prepared.fingerprint,
      embedding: null,
      ...(input.createdAt !== undefined ? { createdAt: input.createdAt } : {}),
    }
  }

  /** Counts a re-observation of an existing memory: an access, plus confidence growth for tracked facts. */
  const reinforceDuplicate = async (namespace: string, existing: Memory, at: Date): Promise<void> => {
    const confidence = reobservedConfidence(existing.confidence, confidenceStep)
    // Rewrite first: the full write carries the old expiry, which the reinforce then slides.
    if (confidence !== null && confidence !== existing.confidence) {
      await store.upsert(namespace, [
        { ...writeOf(existing), confidence, embedding: null, keepEmbedding: true },
      ])
    }
    await store.reinforce(namespace, [existing.id], slidingOptions(existing.tier, at))
  }

  const slidingOptions = (tier: Tier, at: Date) => {
    const ttl = ttlMs[tier]
    return ttl === undefined ? { at } : { at, slidingTtlMs: ttl }
  }

  /**
   * Embeds every write's memory text and chunk texts in one budgeted pass. Null when the
   * embedder failed or ran out of time (the writes are then stored pending).
   */
  const embedWrites = async (
    writes: PreparedWrite[],
    signal?: AbortSignal,
  ): Promise<Array<{ embedding: Float32Array; chunks: Chunk[] }> | null> => {
    const texts: string[] = []
    for (const write of writes) texts.push(memoryEmbedText(write.content), ...write.chunkTexts)
    try {
      const vectors = await embedWithinBudget(embedder, texts, {
        timeoutMs: writeTimeoutMs,
        purpose: 'document',
        batchSize,
        ...(signal ? { signal } : {}),
      })
      let cursor = 0
      return writes.map((write) => {
        const embedding = vectors[cursor++]!
        const chunks = write.chunkTexts.map((text, idx) => ({ idx, text, embedding: vectors[cursor++]! }))
        return { embedding, chunks: chunks as Chunk[] }
      })
    } catch (error) {
      if (signal?.aborted) throw error
      report(error, 'remember.embed')
      return null
    }
  }

  const writeMany = async (
    namespaceArg: unknown,
    inputs: unknown[],
    indexed: boolean,
    mode: { dedup: boolean; defaultValidFrom?: Date },
  ): Promise<RememberResult[]> => {
    const { namespace, writes } = prepare(namespaceArg, inputs, indexed)
    const at = now()
    const results: Array<RememberResult | undefined> = new Array(writes.length)
    const toStore: Array<{ index: number; prepared: PreparedWrite; write: MemoryWrite; keep: boolean }> = []
    const seenInBatch = new Map<string, string>()
    for (const [index, prepared] of writes.entries()) {
      const redacted = prepared.redacted ? { redacted: true as const } : {}
      const dedupKey = `${prepared.input.tier}\u0000${prepared.fingerprint}`
      if (mode.dedup && prepared.input.id === undefined) {
        const sameBatch = seenInBatch.get(dedupKey)
        if (sameBatch !== undefined) {
          results[index] = { id: sameBatch, status: 'reinforced', ...redacted }
          continue
        }
        const existing = await store.findByFingerprint(namespace, prepared.input.tier, prepared.fingerprint)
        if (existing) {
          await reinforceDuplicate(namespace, existing, at)
          results[index] = { id: existing.id, status: 'reinforced', ...redacted }
          continue
        }
      }
      let keep = false
      if (prepared.input.id !== undefined) {
        const current = await store.get(namespace, prepared.input.id)
        // Same content under a known id: the stored vector is still right.
        keep = current !== null && current.fingerprint === prepared.fingerprint && current.embedState === 'ok'
      }
      const id = prepared.input.id ?? uuidv7(at.getTime())
      const write = toWrite(id, prepared, at)
      // The check above is a fast path; the store makes it atomic with the insert, so parallel
      // writers of the same text leave one memory (the others reinforce it below).
      if (mode.dedup && prepared.input.id === undefined) write.unlessDuplicate = true
      if (mode.defaultValidFrom && prepared.input.validFrom === undefined)
        write.validFrom = mode.defaultValidFrom
      seenInBatch.set(dedupKey, id)
      toStore.push({ index, prepared, write, keep })
    }
    const needEmbedding = toStore.filter((item) => !item.keep)
    const vectors = await embedWrites(needEmbedding.map((item) => item.prepared))
    needEmbedding.forEach((item, i) => {
      const vector = vectors?.[i]
      if (vector) {
        item.write.embedding = vector.embedding
        item.write.chunks = vector.chunks
      }
    })
    for (const item of toStore) if (item.keep) item.write.keepEmbedding = true
    const outcomes =
      toStore.length > 0
        ? await store.upsert(
            namespace,
            toStore.map((item) => item.write),
          )
        : []
    const conflicts: string[] = []
    for (const [i, item] of toStore.entries()) {
      const outcome = outcomes[i]
      if (outcome?.status !== 'duplicate') continue
      const existing = await store.get(namespace, outcome.id)
      if (existing !== null) await reinforceDuplicate(namespace, existing, at)
      results[item.index] = {
        id: outcome.id,
        status: 'reinforced',
        ...(item.prepared.redacted ? { redacted: true as const } : {}),
      }
    }
    toStore.forEach((item, i) => {
      const outcome = outcomes[i]
      if (outcome?.status === 'duplicate') return
      if (!outcome || outcome.status === 'conflict') {
        conflicts.push(
          `${indexed ? `[${item.index}].` : ''}id: ${JSON.stringify(item.write.id)} cannot be used`,
        )
        return
      }
      results[item.index] = {
        id: outcome.id,
        status: outcome.status,
        ...(item.write.embedding === null && !item.keep ? { degraded: 'pending_embed' as const } : {}),
        ...(item.prepared.redacted ? { redacted: true as const } : {}),
      }
    })
    if (conflicts.length > 0) throw new InvalidArgumentError('id', conflicts.join('; '))
    return results as RememberResult[]
  }

  const reinforceInBackground = (namespace: string, hits: RecallHit[]) => {
    if (hits.length === 0) return
    const at = now()
    const byTier = new Map<Tier, string[]>()
    for (const hit of hits)
      byTier.set(hit.memory.tier, [...(byTier.get(hit.memory.tier) ?? []), hit.memory.id])
    for (const [tier, ids] of byTier) {
      void Promise.resolve()
        .then(() => store.reinforce(namespace, ids, slidingOptions(tier, at)))
        .catch((error: unknown) => report(error, 'recall.reinforce'))
    }
  }

  const checkFilter = (filter: MemoryFilter | undefined, issues: string[]) => {
    for (const key of Object.keys(filter?.metadata ?? {})) {
      if (!METADATA_KEY_PATTERN.test(key))
        issues.push(`filter.metadata: key ${JSON.stringify(key)} is not allowed`)
    }
  }

  const service: MemoryService = {
    store,
    embedder,
    minScore,

    async remember(namespace, input) {
      const [result] = await writeMany(namespace, [input], false, { dedup: true })
      return result!
    },

    async rememberMany(namespace, inputs) {
      if (!Array.isArray(inputs)) throw new ValidationError(['inputs: expected an array of memories'])
      return writeMany(namespace, inputs, true, { dedup: true })
    },

    /**
     * Hybrid recall. The query is embedded within `queryEmbedTimeoutMs`; then, in parallel, the
     * vector leg (memory vectors, fetched `vectorCoverFactor` times deeper than the others so
     * keyword hits usually get a measured cosine), the chunk leg (when the store has chunks;
     * max-pooled per memory with the vector leg; a chunk-leg failure is reported and ignored) and
     * the keyword leg. Legs are fused (`fusion`: RRF with k = `rrfK`, or min-max), the fused
     * relevance is multiplied by `rankingModifier` (bounded), and ties break by id.
     *
     * `score` is what the ranking used (`scores.fused × scores.modifier`, capped at 1), so it
     * descends with the order. `scores.relevance` (what `minScore` and the tools' thresholds compare):
     * - a hit a vector leg saw: its best cosine over memory and chunk vectors, clamped to [0, 1];
     * - a keyword-only hit in hybrid mode has no measured cosine. Its score is its keyword score
     *   (divided by the leg's best) times a ceiling strictly below both `service.minScore` and the
     *   lowest cosine the vector leg returned when that leg was full (anything it did not return
     *   scores lower). So it is listed for callers without a threshold but never passes one it
     *   has not earned: a keyword match is not evidence of semantic similarity.
     * - keyword-only recall (`mode: 'keyword'`, or the embedder failed: `degraded: 'keyword_only'`):
     *   keyword score divided by the best one, in (0, 1]. Not on the cosine scale, so `minScore`
     *   is not applied to it; callers showing these hits should say they are keyword matches.
     */
    async recall(namespaceArg, queryArg, recallOptions: RecallOptions = {}) {
      const issues: string[] = []
      const ns = NamespaceSchema.safeParse(namespaceArg)
      if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
      let query = ''
      if (typeof queryArg !== 'string') issues.push('query: expected a string')
      else {
        query = normalizeText(queryArg)
        if (query.trim() === '') issues.push('query: must not be empty')
        else if (query.length > MAX_QUERY_LENGTH)
          issues.push(`query: must be at most ${MAX_QUERY_LENGTH} characters`)
      }
      const parsedOptions = RecallOptionsSchema.safeParse(recallOptions ?? {})
      if (!parsedOptions.success) issues.push(...describeIssues(parsedOptions.error.issues))
      checkFilter(recallOptions?.filter, issues)
      if (issues.length > 0) throw new ValidationError(issues)
      const namespace = ns.data!
      const limit = recallOptions.limit ?? defaultLimit
      const filter = recallOptions.filter
      const signal = recallOptions.signal
      const mode = recallOptions.mode ?? 'hybrid'
      const pool = Math.min(MAX_POOL, Math.max(limit * candidateFactor, MIN_POOL))
      const searchOptions = (size: number) => ({
        limit: size,
        ...(filter ? { filter } : {}),
        ...(signal ? { signal } : {}),
      })

      let queryVector: Float32Array | null = null
      let degraded: RecallResult['degraded']
      if (mode !== 'keyword') {
        try {
          const vectors = await embedWithinBudget(embedder, [query], {
            timeoutMs: queryTimeoutMs,
            purpose: 'query',
            batchSize: 1,
            ...(signal ? { signal } : {}),
          })
          queryVector = vectors[0] ?? null
        } catch (error) {
          if (signal?.aborted) throw error
          report(error, 'recall.embed')
          degraded = 'keyword_only'
        }
      }

      const vectorPool = Math.min(MAX_POOL, pool * vectorCoverFactor)
      const runKeyword = mode !== 'vector' || queryVector === null
      const [vectorHits, chunkHits, keywordHits] = await Promise.all([
        queryVector
          ? store.searchVector(namespace, queryVector, searchOptions(vectorPool))
          : Promise.resolve([]),
        queryVector && isChunkStore(store)
          ? store.searchChunks(namespace, queryVector, searchOptions(pool)).catch((error: unknown) => {
              report(error, 'recall.chunks')
              return [] as ScoredMemory[]
            })
          : Promise.resolve([] as ScoredMemory[]),
        runKeyword
          ? store.searchText(namespace, query, searchOptions(pool)).catch((error: unknown) => {
              // With a vector leg the keyword leg is an extra; alone it is the answer.
              if (queryVector === null) throw error
              report(error, 'recall.keyword')
              return [] as ScoredMemory[]
            })
          : Promise.resolve([] as ScoredMemory[]),
      ])

      // Semantic leg: memory and chunk vectors, max-pooled by memory id.
      const memories = new Map<string, Memory>()
      const semantic = new Map<
        string,
        { score: number; sources: Set<'vector' | 'chunk'>; chunk?: RecallHit['matchedChunk'] }
      >()
      for (const hit of vectorHits) {
        memories.set(hit.memory.id, hit.memory)
        semantic.set(hit.memory.id, { score: hit.score, sources: new Set(['vector']) })
      }
      for (const hit of chunkHits) {
        if (!memories.has(hit.memory.id)) memories.set(hit.memory.id, hit.memory)
        const current = semantic.get(hit.memory.id)
        if (!current) {
          semantic.set(hit.memory.id, {
            score: hit.score,
            sources: new Set(['chunk']),
            ...(hit.matchedChunk ? { chunk: hit.matchedChunk } : {}),
          })
          continue
        }
        current.sources.add('chunk')
        if (hit.score > current.score) {
          current.score = hit.score
          if (hit.matchedChunk) current.chunk = hit.matchedChunk
        }
      }
      // Only the memory-vector pool's size bounds cosines outside it; the chunk leg is separate.
      const vectorFull = vectorHits.length >= vectorPool
      const coverFloor = vectorFull ? Math.max(0, Math.min(...vectorHits.map((hit) => hit.score))) : Infinity
      const semanticLeg: RankedLeg = [...semantic.entries()]
        .map(([id, entry]) => ({ id, score: entry.score }))
        .sort((a, b) => b.score - a.score || compareStrings(a.id, b.id))
        .slice(0, pool)
      // The vector leg ran deeper only to measure cosines; fusion sees the same depth for every leg.
      const inSemanticLeg = new Set(semanticLeg.map((hit) => hit.id))
      const keywordLeg: RankedLeg = keywordHits.map((hit) => ({ id: hit.memory.id, score: hit.score }))
      const keywordMax = keywordHits.reduce((max, hit) => Math.max(max, hit.score), 0)
      const keywordScore = new Map<string, number>()
      for (const hit of keywordHits) {
        if (!memories.has(hit.memory.id)) memories.set(hit.memory.id, hit.memory)
        keywordScore.set(hit.memory.id, keywordMax > 0 ? hit.score / keywordMax : 0)
      }

      const keywordOnly = queryVector === null
      const legs = keywordOnly ? [keywordLeg] : mode === 'vector' ? [semanticLeg] : [semanticLeg, keywordLeg]
      const fused =
        fusion === 'rrf'
          ? fuseReciprocalRank(legs, rrfK)
          : fuseMinMax(
              keywordOnly
                ? [{ leg: keywordLeg, weight: 1 }]
                : mode === 'vector'
                  ? [{ leg: semanticLeg, weight: 1 }]
                  : [
                      { leg: semanticLeg, weight: vectorWeight },
                      { leg: keywordLeg, weight: 1 - vectorWeight },
                    ],
            )

      // RRF values are an order, not magnitudes (at k = 60 neighbours differ by ~1.6%), so a ±m
      // modifier on them would let quality jump a dozen places. For ranking, an RRF hit's
      // relevance is 1 / its dense fused rank: quality can then only swap neighbours whose places
      // p, p + 1 satisfy (p + 1) / p < (1 + m) / (1 − m), i.e. from place 5 down at m = 0.1.
      const relevanceOf = fusion === 'rrf' ? denseRankRelevance(fused) : fused
      const at = now()
      const ceiling = Math.min(minScore, coverFloor) * 0.999
      const ranked: Array<{ hit: RecallHit; rank: number }> = []
      for (const [id, relevance] of relevanceOf) {
        const memory = memories.get(id)!
        const sem = semantic.get(id)
        const kw = keywordScore.get(id)
        const sources: RecallHit['sources'] = []
        if (sem && inSemanticLeg.has(id))
          sources.push(...(['vector', 'chunk'] as const).filter((s) => sem.sources.has(s)))
        if (kw !== undefined) sources.push('keyword')
        let gate: number
        if (keywordOnly || mode === 'keyword') gate = kw ?? 0
        else if (sem) gate = clampUnit(sem.score)
        else gate = clampUnit((kw ?? 0) * ceiling)
        const thresholded = !(keywordOnly || mode === 'keyword')
        if (thresholded && recallOptions.minScore !== undefined && gate < recallOptions.minScore) continue
        // The shown score is the ranking's own, so scores descend with the order.
        const modifier = rankingModifier(memory, at, options.ranking)
        const rank = relevance * modifier
        const scores: RecallHit['scores'] = { fused: relevance, modifier, relevance: gate }
        if (sem && inSemanticLeg.has(id)) scores.semantic = clampUnit(sem.score)
        if (kw !== undefined) scores.keyword = kw
        const hit: RecallHit = { memory, score: clampUnit(rank), scores, sources }
        if (sem?.chunk && sources.includes('chunk')) hit.matchedChunk = sem.chunk
        ranked.push({ hit, rank })
      }
      ranked.sort((a, b) => b.rank - a.rank || compareStrings(a.hit.memory.id, b.hit.memory.id))
      const hits = ranked.slice(0, limit).map((entry) => entry.hit)
      reinforceInBackground(namespace, hits)
      return degraded ? { hits, degraded } : { hits }
    },

    async get(namespace, id) {
      const ns = checkNamespaceAndId(namespace, id)
      return store.get(ns, id)
    },

    async list(namespace, listOptions?: ListOptions) {
      const issues: string[] = []
      const ns = NamespaceSchema.safeParse(namespace)
      if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
      const limit = listOptions?.limit
      if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 10_000)) {
        issues.push('limit: must be an integer from 1 to 10000')
      }
      const offset = listOptions?.offset
      if (offset !== undefined && !(Number.isInteger(offset) && offset >= 0))
        issues.push('offset: must be a non-negative integer')
      checkFilter(listOptions?.filter, issues)
      if (issues.length > 0) throw new ValidationError(issues)
      return store.list(ns.data!, listOptions)
    },

    async update(namespace, id, patch) {
      const issues: string[] = []
      const ns = NamespaceSchema.safeParse(namespace)
      if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
      const idCheck = IdSchema.safeParse(id)
      if (!idCheck.success) issues.push(...describeIssues(idCheck.error.issues, 'id'))
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
        issues.push('patch: expected an object')
        throw new ValidationError(issues)
      }
      if ('id' in patch && patch.id !== undefined && patch.id !== id)
        issues.push('patch.id: cannot change a memory id')
      const current = ns.success && idCheck.success ? await store.get(ns.data, id) : null
      if (issues.length > 0) throw new ValidationError(issues)
      if (!current) return null
      // Validate the merged memory, so the errors name the patch's fields and the result is whole.
      const merged: Record<string, unknown> = { ...inputOf(current) }
      for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value
      if ('importance' in patch && patch.importance !== undefined && !('assessedImportance' in patch)) {
        merged.assessedImportance = null
      }
      if ('tier' in patch && patch.tier !== current.tier && !('expiresAt' in patch)) {
        merged.expiresAt = defaultExpiry(patch.tier as Tier, now())
      }
      const { writes } = prepare(ns.data, [merged], false)
      const prepared = writes[0]!
      const write: MemoryWrite = {
        ...toWrite(current.id, prepared, current.createdAt),
        supersededBy: current.supersededBy,
      }
      if (merged.assessedImportance !== undefined)
        write.assessedImportance = merged.assessedImportance as number | null
      if (prepared.fingerprint === current.fingerprint) {
        // Content unchanged: keep the vector and the chunk rows.
        write.keepEmbedding = true
      } else {
        const vectors = await embedWrites([prepared])
        if (vectors?.[0]) {
          write.embedding = vectors[0].embedding
          write.chunks = vectors[0].chunks
        } else {
          write.chunks = []
        }
      }
      const [outcome] = await store.upsert(ns.data!, [write])
      if (!outcome || outcome.status === 'conflict') return null
      return store.get(ns.data!, id)
    },

    async forget(namespace, id) {
      const ns = checkNamespaceAndId(namespace, id)
      return (await store.delete(ns, [id])) > 0
    },

    async supersede(namespace, oldId, replacement) {
      const ns = checkNamespaceAndId(namespace, oldId)
      const old = await store.get(ns, oldId)
      if (!old)
        throw new InvalidArgumentError('oldId', `no memory ${JSON.stringify(oldId)} in this namespace`)
      const at = now()
      const [result] = await writeMany(ns, [replacement], false, { dedup: false, defaultValidFrom: at })
      // The old fact's window closes where the replacement's opens (its validFrom as stored: given,
      // or now), so an `asOf` query finds exactly one of the two on either side of that instant.
      const stored = await store.get(ns, result!.id)
      await store.supersede(ns, oldId, result!.id, stored?.validFrom ?? at)
      return result!
    },

    async history(namespace, id) {
      const ns = checkNamespaceAndId(namespace, id)
      return store.history(ns, id)
    },

    /**
     * One pass over the pending-embed queue: claim a batch (leased), embed all of it in one
     * budgeted call, then complete each row guarded by its fingerprint (a content change while
     * embedding discards the result) or record the failure with exponential backoff and full
     * jitter (parked after `maxAttempts`). A store without a queue reports zeros.
     * `claimed = repaired + discarded + failed + parked`.
     */
    async repair(repairArgs = {}) {
      const outcome: RepairReport = { claimed: 0, repaired: 0, discarded: 0, failed: 0, parked: 0 }
      if (!isRepairStore(store)) return outcome
      const limit = repairArgs.limit ?? repairOptions.batchSize
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        throw new ValidationError(['limit: must be an integer from 1 to 1000'])
      }
      const namespace = repairArgs.namespace === undefined ? undefined : checkNamespace(repairArgs.namespace)
      const claims = await store.claimPending({
        limit,
        leaseMs: repairOptions.leaseMs,
        ...(namespace !== undefined ? { namespace } : {}),
      })
      outcome.claimed = claims.length
      if (claims.length === 0) return outcome
      const chunkTexts = claims.map((claim) => chunkTextsOf(claim.content))
      const texts: string[] = []
      for (const [i, claim] of claims.entries()) texts.push(memoryEmbedText(claim.content), ...chunkTexts[i]!)
      let vectors: Float32Array[] | null = null
      let failure = ''
      try {
        vectors = await embedWithinBudget(embedder, texts, {
          timeoutMs: repairOptions.embedTimeoutMs,
          purpose: 'document',
          batchSize,
          ...(repairArgs.signal ? { signal: repairArgs.signal } : {}),
        })
      } catch (error) {
        report(error, 'repair.embed')
        failure = error instanceof Error ? `${error.name}: ${error.message}` : 'embedding failed'
      }
      let cursor = 0
      for (const [i, claim] of claims.entries()) {
        if (vectors) {
          const embedding = vectors[cursor++]!
          const chunks = chunkTexts[i]!.map((text, idx) => ({
            idx,
            text,
            embedding: vectors![cursor++]!,
          })) as Chunk[]
          const stored = await store.completeRepair(
            claim.namespace,
            claim.id,
            claim.fingerprint,
            embedding,
            chunks.length > 0 ? chunks : undefined,
          )
          if (stored) outcome.repaired++
          else outcome.discarded++
          continue
        }
        const backoffMs = repairBackoffMs(claim.attempts, {
          baseMs: repairOptions.baseBackoffMs,
          maxMs: repairOptions.maxBackoffMs,
          random,
        })
        const state = await store.failRepair(claim.namespace, claim.id, {
          backoffMs,
          maxAttempts: repairOptions.maxAttempts,
          error: failure,
        })
        if (state === 'parked') outcome.parked++
        else outcome.failed++
      }
      return outcome
    },
  }

  function checkNamespaceAndId(namespace: unknown, id: unknown): string {
    const issues: string[] = []
    const ns = NamespaceSchema.safeParse(namespace)
    if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
    checkId(id, issues)
    return ns.data!
  }

  return service
}

/** The caller-owned fields of a stored memory, as a write (for re-writes that change one field). */
function writeOf(memory: Memory): MemoryWrite {
  return {
    id: memory.id,
    tier: memory.tier,
    level: memory.level,
    content: memory.content,
    summary: memory.summary,
    metadata: memory.metadata,
    tags: memory.tags,
    importance: memory.importance,
    expiresAt: memory.expiresAt,
    supersededBy: memory.supersededBy,
    validFrom: memory.validFrom,
    validTo: memory.validTo,
    confidence: memory.confidence,
    assessedImportance: memory.assessedImportance,
    linkedMemoryIds: memory.linkedMemoryIds,
    fingerprint: memory.fingerprint,
    embedding: null,
  }
}

/** A stored memory as `MemoryInput` (for validating an update as a whole). */
function inputOf(memory: Memory): MemoryInput {
  return {
    tier: memory.tier,
    level: memory.level,
    content: memory.content,
    summary: memory.summary,
    metadata: memory.metadata,
    tags: memory.tags,
    importance: memory.importance,
    expiresAt: memory.expiresAt,
    validFrom: memory.validFrom,
    validTo: memory.validTo,
    confidence: memory.confidence,
    assessedImportance: memory.assessedImportance,
    linkedMemoryIds: memory.linkedMemoryIds,
  }
}

/** 1 / dense rank of each value (equal values share a rank), best = 1. */
function denseRankRelevance(values: Map<string, number>): Map<string, number> {
  const distinct = [...new Set(values.values())].sort((a, b) => b - a)
  const rankOf = new Map(distinct.map((value, index) => [value, 1 / (index + 1)]))
  return new Map([...values].map(([id, value]) => [id, rankOf.get(value)!]))
}

function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

import { z } from 'zod'
import { ValidationError } from '../../errors/ValidationError.js'
import { NamespaceSchema } from '../../model/Namespace.js'
import { normalizeText } from '../../text/normalizeText.js'
import { checkFilterDates } from '../context/checkFilterDates.js'
import { checkFilterKeys } from '../context/checkFilterKeys.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { describeIssues } from '../describeIssues.js'
import { MAX_QUERY_LENGTH } from '../MAX_QUERY_LENGTH.js'
import type { RecallOptions, RecallResult } from '../MemoryService.js'
import { collectCandidates } from './collectCandidates.js'
import { contentTerms } from './contentTerms.js'
import { embedQuery } from './embedQuery.js'
import { expandLinked } from './expandLinked.js'
import { feedBackVectorLegs } from './feedBackVectorLegs.js'
import { fuseLegs } from './fuseLegs.js'
import { lendToNeighbours } from './lendToNeighbours.js'
import type { RecallPlan } from './RecallPlan.js'
import { rankHits } from './rankHits.js'
import { recentSupport } from './recentSupport.js'
import { reinforceInBackground } from './reinforceInBackground.js'
import { rerankTop } from './rerankTop.js'
import { searchLegs } from './searchLegs.js'
import { sessionSupport } from './sessionSupport.js'
import { showDecayedConfidence } from './showDecayedConfidence.js'
import { weighByRole } from './weighByRole.js'

const MIN_POOL = 20
const MAX_POOL = 1000

const RecallOptionsSchema = z
  .object({
    limit: z.number().int().min(1).max(100).optional(),
    filter: z.record(z.string(), z.unknown()).optional(),
    minScore: z.number().min(0).max(1).optional(),
    mode: z.enum(['hybrid', 'vector', 'keyword']).optional(),
    signal: z.instanceof(AbortSignal).optional(),
    includeLinked: z.boolean().optional(),
    linkedLimit: z.number().int().min(0).max(100).optional(),
  })
  .strict()

/** Validates a recall's arguments (every problem in one `ValidationError`) and resolves its plan. */
function planRecall(
  context: ServiceContext,
  namespaceArg: unknown,
  queryArg: unknown,
  recallOptions: RecallOptions,
): RecallPlan {
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
  checkFilterKeys(recallOptions?.filter, issues)
  checkFilterDates(recallOptions?.filter, issues)
  if (issues.length > 0) throw new ValidationError(issues)
  const limit = recallOptions.limit ?? context.defaultLimit
  // A long message (a user's whole turn) has many everyday words: the keyword leg weighs rare
  // ones more, and every leg reaches deeper (`LongQueryOptions`).
  const long = contentTerms(query).size >= context.longQueries.minTerms
  const factor = long ? context.longQueries.candidateFactor : context.candidateFactor
  const pool = Math.min(MAX_POOL, Math.max(Math.round(limit * factor), MIN_POOL))
  return {
    namespace: ns.data!,
    query,
    mode: recallOptions.mode ?? 'hybrid',
    limit,
    pool,
    keywordIdfExponent: long ? context.longQueries.idfExponent : 1,
    vectorPool: Math.min(MAX_POOL, pool * context.vectorCoverFactor),
    filter: recallOptions.filter,
    signal: recallOptions.signal,
    minScore: recallOptions.minScore,
    includeLinked: recallOptions.includeLinked ?? false,
    linkedLimit: recallOptions.linkedLimit ?? limit,
  }
}

/**
 * Hybrid recall. The query is embedded within `queryEmbedTimeoutMs`; then, in parallel, the
 * vector leg (memory vectors, fetched `vectorCoverFactor` times deeper than the others so
 * keyword hits usually get a measured cosine), the chunk leg (when the store has chunks;
 * max-pooled per memory with the vector leg; a chunk-leg failure is reported and ignored) and
 * the keyword leg (`searchLegs`). With vector feedback (`vectorFeedback`, on for a semantic
 * embedder) the vector legs search again from the query moved towards the keyword leg's best hits,
 * and fusion ranks by that search (`feedBackVectorLegs`). Legs are fused (`fuseLegs`: RRF with k = `rrfK`, or min-max),
 * memories written close in time to the best hits borrow part of their relevance
 * (`lendToNeighbours`), the matched turns of one sitting support each other (`sessionSupport`), an
 * assistant's turns count less than the user's (`weighByRole`), memories written shortly before
 * the recall's moment gain a little (`recentSupport`), the result is multiplied by `rankingModifier` (bounded), and ties break
 * by id (`rankHits`).
 *
 * `score` is what the ranking used (`scores.fused × scores.modifier`, capped at 1), so it
 * descends with the order. `scores.relevance` (what `minScore` and the tools' thresholds compare):
 * - a hit a vector leg saw: its best cosine over memory and chunk vectors, clamped to [0, 1];
 * - with a lexical embedder (`Embedder.lexical`), a memory the keyword leg matched is also judged on
 *   its keyword evidence (`keywordEvidence`: the rarity-weighted share of the query's content words
 *   it holds), scaled so that 0.4 of the query meets the embedder's `minScore`; the larger counts;
 * - a keyword-only hit in hybrid mode has no measured cosine. Its score is its keyword score
 *   (divided by the leg's best) times a ceiling strictly below both `service.minScore` and the
 *   lowest cosine the vector leg returned when that leg was full (anything it did not return
 *   scores lower). So it is listed for callers without a threshold but never passes one it
 *   has not earned: a keyword match is not evidence of semantic similarity.
 * - a memory that borrowed relevance from a neighbour (`lendToNeighbours`) has at least the same
 *   fraction of the lender's relevance, so neighbours of a hit that clears a threshold by a wide
 *   margin clear it too, and neighbours of hits that do not never do;
 * - keyword-only recall (`mode: 'keyword'`, or the embedder failed: `degraded: 'keyword_only'`):
 *   keyword score divided by the best one, in (0, 1]. Not on the cosine scale, so `minScore`
 *   is not applied to it; callers showing these hits should say they are keyword matches.
 *
 * With a reranking stage (`MemoryServiceOptions.rerank`), the fused top is reordered by the
 * reranker before the threshold and the limit (`rerankTop`); its failure leaves the fused order
 * (`degraded: 'not_reranked'`).
 *
 * `includeLinked` appends, after the ranked hits, the memories they link to (`expandLinked`).
 */
export async function recall(
  context: ServiceContext,
  namespaceArg: string,
  queryArg: string,
  recallOptions: RecallOptions = {},
): Promise<RecallResult> {
  const plan = planRecall(context, namespaceArg, queryArg, recallOptions)
  const embedded =
    plan.mode === 'keyword' ? { vector: null } : await embedQuery(context, plan.query, plan.signal)
  const queryVector = embedded.vector
  const firstLegs = await searchLegs(context, plan, queryVector)
  const legHits = await feedBackVectorLegs(context, plan, queryVector, firstLegs)
  const candidates = collectCandidates(legHits, plan.pool, plan.vectorPool)
  const keywordOnly = queryVector === null
  const fused = fuseLegs(context, plan.mode, keywordOnly, candidates.semanticLeg, candidates.keywordLeg)
  const lending = lendToNeighbours(fused, candidates.memories, context.neighbourhood)
  const { lent } = lending
  const supported = sessionSupport(fused, lending.relevance, candidates.memories, context.neighbourhood)
  const weighed = weighByRole(supported, candidates.memories, context.roles)
  const reference = plan.filter?.asOf ?? context.now()
  // RRF values are an order, a few percent apart: a share of the best would jump memories by age alone.
  const recent = context.fusion === 'rrf' ? { ...context.recentSupport, share: 0 } : context.recentSupport
  const relevance = recentSupport(weighed, candidates.memories, reference, recent)
  const reranked = await rerankTop(context, plan, relevance, candidates.memories)
  const hits = rankHits(context, plan, keywordOnly, reranked.relevance, candidates, lent)
  for (const hit of hits) {
    const score = reranked.scores.get(hit.memory.id)
    if (score !== undefined) hit.scores.rerank = score
  }
  reinforceInBackground(context, plan.namespace, hits)
  const expanded = plan.includeLinked ? [...hits, ...(await expandLinked(context, plan, hits))] : hits
  const shown = showDecayedConfidence(context, expanded)
  const degraded = 'degraded' in embedded ? embedded.degraded : reranked.degraded
  return degraded ? { hits: shown, degraded } : { hits: shown }
}

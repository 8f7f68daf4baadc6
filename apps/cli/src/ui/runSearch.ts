import { runMemorySearch } from '@agent-memory/tool-memory-search'
import type { InspectorDeps } from './InspectorDeps.js'

export interface SearchQuery {
  q: string
  mode: 'hybrid' | 'vector' | 'keyword'
  limit: number
  /** `on`: append the memories the hits link to (`includeLinked`), after the hits. */
  linked?: 'on'
}

/**
 * Search as the agent sees it: the service's ranked hits with the scores the ranking itself used
 * (`hit.scores`: each leg's normalized score, the fusion, the quality modifier and the relevance
 * thresholds compare; the `memory_search` threshold marked, not applied, so near misses show), and
 * the exact text `memory_search` gives the model for this query. Like any recall, it counts as an
 * access of the hits it returns. With `linked`, the memories the hits link to follow them, each
 * with the hit it came from (the tool text stays the tool's: `memory_search` never expands links).
 */
export async function runSearch(deps: InspectorDeps, namespace: string, query: SearchQuery) {
  const recall = await deps.memory.recall(namespace, query.q, {
    limit: query.limit,
    mode: query.mode,
    minScore: 0,
    ...(query.linked === 'on' ? { includeLinked: true } : {}),
  })
  const toolText = await runMemorySearch(
    { query: query.q, limit: query.limit },
    { memory: deps.memory, namespace },
  )
  return {
    query: query.q,
    mode: query.mode,
    limit: query.limit,
    linked: query.linked === 'on',
    minScore: deps.memory.minScore,
    ...(recall.degraded === undefined ? {} : { degraded: recall.degraded }),
    hits: recall.hits.map((hit) => ({
      memory: hit.memory,
      score: hit.score,
      scores: hit.scores,
      belowThreshold: hit.scores.relevance < deps.memory.minScore,
      sources: hit.sources,
      ...(hit.matchedChunk === undefined ? {} : { matchedChunk: hit.matchedChunk }),
      ...(hit.linkedFrom === undefined ? {} : { linkedFrom: hit.linkedFrom }),
    })),
    toolText,
  }
}

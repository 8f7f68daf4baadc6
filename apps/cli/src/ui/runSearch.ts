import { runMemorySearch } from '@agent-memory/tool-memory-search'
import { describeFailure } from '../cli/describeFailure.js'
import type { InspectorDeps } from './InspectorDeps.js'

export interface SearchQuery {
  q: string
  mode: 'hybrid' | 'vector' | 'keyword'
  limit: number
}

type Leg = 'vector' | 'chunk' | 'keyword'

/** How deep each leg is read to find the hits' own scores. */
const LEG_DEPTH = 100

/**
 * Search as the agent sees it: the service's ranked hits with their fused score (the threshold
 * `memory_search` applies marked, not applied, so near misses show), each hit's raw score on every
 * leg (vector and chunk: cosine similarity; keyword: the store's text rank; absent: the leg did not
 * return it in its first 100), and the exact text `memory_search` gives the model for this query.
 * Like any recall, it counts as an access of the hits it returns.
 */
export async function runSearch(deps: InspectorDeps, namespace: string, query: SearchQuery) {
  const recall = await deps.memory.recall(namespace, query.q, {
    limit: query.limit,
    mode: query.mode,
    minScore: 0,
  })
  const legs = new Map<string, Partial<Record<Leg, number>>>()
  const put = (leg: Leg, id: string, score: number) => legs.set(id, { ...legs.get(id), [leg]: score })
  let legsError: string | undefined
  const options = { limit: LEG_DEPTH }
  for (const hit of await deps.store.searchText(namespace, query.q, options))
    put('keyword', hit.memory.id, hit.score)
  try {
    const [vector] = await deps.embedder.embed([query.q], { purpose: 'query' })
    for (const hit of await deps.store.searchVector(namespace, vector!, options))
      put('vector', hit.memory.id, hit.score)
    for (const hit of await deps.store.searchChunks(namespace, vector!, options))
      put('chunk', hit.memory.id, hit.score)
  } catch (error) {
    legsError = `vector legs unavailable: ${describeFailure(error).message}`
  }
  const toolText = await runMemorySearch(
    { query: query.q, limit: query.limit },
    { memory: deps.memory, namespace },
  )
  return {
    query: query.q,
    mode: query.mode,
    limit: query.limit,
    minScore: deps.memory.minScore,
    ...(recall.degraded === undefined ? {} : { degraded: recall.degraded }),
    ...(legsError === undefined ? {} : { legsError }),
    hits: recall.hits.map((hit) => ({
      memory: hit.memory,
      score: hit.score,
      belowThreshold: hit.scores.relevance < deps.memory.minScore,
      sources: hit.sources,
      legs: legs.get(hit.memory.id) ?? {},
      ...(hit.matchedChunk === undefined ? {} : { matchedChunk: hit.matchedChunk }),
    })),
    toolText,
  }
}

import type { Embedder } from '@agent-memory/core'
import type { SoakClientState } from './runSoakClient.js'
import type { SoakBackend } from './SoakBackend.js'
import { sameRanking } from './sameRanking.js'

/** What the final check compared, and what disagreed. */
export interface SoakConsistency {
  /** Live memories the clients hold by their own count, and as each path lists them. */
  counts: { clients: number; library: number; other: number }
  keywordQueries: number
  vectorQueries: number
  failures: string[]
}

const LIST_LIMIT = 100_000

/**
 * The soak's closing check, with the load stopped and repair drained: every namespace holds
 * exactly the live memories its client believes it holds, read through both paths; on the
 * embedded store the in-process keyword index ranks as the SQL BM25 does and the in-process
 * vector index as the exact SQL scan (the other path has no in-process index); no lease or
 * lock is left.
 */
export async function checkSoakConsistency(
  backend: SoakBackend,
  states: readonly SoakClientState[],
  embedder: Embedder,
  queries: readonly string[],
): Promise<SoakConsistency> {
  const failures: string[] = []
  const counts = { clients: 0, library: 0, other: 0 }
  for (const state of states) {
    const expected = new Set(state.items.map((chain) => chain.at(-1)!))
    counts.clients += expected.size
    for (const [label, store] of [
      ['library', backend.store],
      ['other', backend.other],
    ] as const) {
      const listed = await store.list(state.namespace, { limit: LIST_LIMIT })
      counts[label] += listed.length
      const ids = new Set(listed.map((memory) => memory.id))
      const missing = [...expected].filter((id) => !ids.has(id))
      const extra = [...ids].filter((id) => !expected.has(id))
      if (missing.length > 0 || extra.length > 0) {
        failures.push(
          `${state.namespace} through the ${label === 'library' ? 'library' : 'other path'}: ${missing.length} acknowledged memory(ies) missing, ${extra.length} not expected (${[...missing, ...extra].slice(0, 3).join(', ')})`,
        )
      }
    }
  }
  let keywordQueries = 0
  let vectorQueries = 0
  const reference = await backend.openReference()
  if (reference !== undefined) {
    try {
      const vectors = await embedder.embed([...queries])
      for (const state of states) {
        for (const [i, query] of queries.entries()) {
          const inProcess = await backend.store.searchText(state.namespace, query, { limit: 10 })
          const sql = await reference.searchText(state.namespace, query, { limit: 10 })
          keywordQueries++
          const keyword = sameRanking(inProcess, sql, 1e-6)
          if (keyword !== null) failures.push(`keyword "${query}" in ${state.namespace}: ${keyword}`)
          const vector = vectors[i]!
          const fromIndex = await backend.store.searchVector(state.namespace, vector, { limit: 10 })
          const exact = await reference.searchVector(state.namespace, vector, { limit: 10 })
          vectorQueries++
          const byVector = sameRanking(fromIndex, exact, 1e-6)
          if (byVector !== null) failures.push(`vector "${query}" in ${state.namespace}: ${byVector}`)
        }
      }
    } finally {
      await reference.close()
    }
  }
  failures.push(...(await backend.openLeftovers()))
  return { counts, keywordQueries, vectorQueries, failures }
}

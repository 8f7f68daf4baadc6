import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { keywordTerms } from '../keywordTerms.js'
import { matchesFilter } from '../matchesFilter.js'
import { checkNamespace } from '../state/checkNamespace.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'
import { searchLimit } from '../state/searchLimit.js'
import type { RowHit } from './RowHit.js'
import { rankRowHits } from './rankRowHits.js'

// BM25 constants (the usual defaults).
const K1 = 1.2
const B = 0.75

/** `Store.searchText`: BM25 over `keywordTerms` of content, summary and tags (namespace statistics). */
export async function searchRowText(
  state: InMemoryState,
  namespace: string,
  query: string,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  checkNamespace(namespace)
  const limit = searchLimit(options.limit)
  const queryTerms = [...new Set(keywordTerms(query))]
  if (queryTerms.length === 0) return []
  const now = state.clock()
  const documents = namespaceRows(state, namespace)
    .filter((row) => matchesFilter(row.memory, options.filter, now))
    .map((row) => {
      const terms = keywordTerms(
        [row.memory.content, row.memory.summary ?? '', ...row.memory.tags].join('\n'),
      )
      const frequencies = new Map<string, number>()
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1)
      return { row, length: terms.length, frequencies }
    })
  if (documents.length === 0) return []
  const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / documents.length || 1
  const idf = new Map<string, number>()
  for (const term of queryTerms) {
    const containing = documents.filter((doc) => doc.frequencies.has(term)).length
    const plain = Math.log(1 + (documents.length - containing + 0.5) / (containing + 0.5))
    idf.set(term, plain ** (options.idfExponent ?? 1))
  }
  const hits: RowHit[] = []
  for (const doc of documents) {
    let score = 0
    for (const term of queryTerms) {
      const tf = doc.frequencies.get(term)
      if (!tf) continue
      score += (idf.get(term)! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / averageLength))
    }
    if (score > 0) hits.push({ row: doc.row, score })
  }
  return rankRowHits(hits, limit)
}

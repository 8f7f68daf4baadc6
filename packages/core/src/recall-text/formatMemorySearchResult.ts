import type { RecallResult } from '../service/MemoryService.js'
import { formatCreatedAt } from './formatCreatedAt.js'
import { MEMORY_SEARCH_SENTENCES } from './MEMORY_SEARCH_SENTENCES.js'
import { renderContentAsData } from './renderContentAsData.js'

/**
 * The spec's result text: hits whose relevance is under `minScore` dropped, then
 * `1. [score 0.87 | <createdAt>] <content>` one per line, where the score is the one the ranking
 * used (`RecallHit.score`), so it descends down the list and the model can read it as an order, or the empty sentence said out loud (an empty string reads as "no constraints" to
 * a model, which then invents one).
 *
 * A keyword-only result (the embedder was down) gets one notice line on top, and its hits are not
 * held to `minScore`: their scores are keyword scores relative to the best match, not cosines
 * (see `MemoryService.recall`), so the threshold would be meaningless for them.
 */
export function formatMemorySearchResult(result: RecallResult, minScore: number): string {
  const keywordOnly = result.degraded === 'keyword_only'
  const hits = keywordOnly ? result.hits : result.hits.filter((hit) => hit.scores.relevance >= minScore)
  const lines =
    hits.length === 0
      ? [MEMORY_SEARCH_SENTENCES.searchEmpty]
      : hits.map(
          (hit, index) =>
            `${index + 1}. [score ${hit.score.toFixed(2)} | ${formatCreatedAt(hit.memory.createdAt)}] ${renderContentAsData(hit.memory.content)}`,
        )
  if (keywordOnly) lines.unshift(MEMORY_SEARCH_SENTENCES.keywordOnlyNotice)
  return lines.join('\n')
}

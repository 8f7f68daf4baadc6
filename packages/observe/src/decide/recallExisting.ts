import type { MemoryService } from '@agent-memory/core'
import type { Candidate } from '../extract/CandidateSchema.js'
import type { Refusal } from '../observe/Refusal.js'
import type { AliasTable } from './AliasTable.js'

/**
 * Recalls the closest existing memories of `namespace` for each candidate and gives them local
 * aliases, noting those the candidate nearly duplicates. A hit from any other namespace (a broken store) is never shown to the model: it is
 * left out and reported.
 */
export async function recallExisting(
  memory: MemoryService,
  namespace: string,
  candidates: readonly Candidate[],
  perCandidate: number,
  signal: AbortSignal,
): Promise<{ table: AliasTable; refused: Refusal[] }> {
  const table: AliasTable = {
    candidates: new Map(),
    memories: new Map(),
    offered: new Map(),
    nearDuplicates: new Map(),
  }
  const refused: Refusal[] = []
  const aliasOfId = new Map<string, string>()
  for (const [index, candidate] of candidates.entries()) {
    const candidateAlias = `c${index + 1}`
    table.candidates.set(candidateAlias, candidate)
    const offered = new Set<string>()
    table.offered.set(candidateAlias, offered)
    const near = new Map<string, number>()
    table.nearDuplicates.set(candidateAlias, near)
    const { hits } = await memory.recall(namespace, candidate.content, { limit: perCandidate, signal })
    for (const hit of hits) {
      if (hit.memory.namespace !== namespace) {
        refused.push({ stage: 'decide', reason: 'recall returned a memory of another namespace; not shown' })
        continue
      }
      let alias = aliasOfId.get(hit.memory.id)
      if (alias === undefined) {
        alias = `m${aliasOfId.size + 1}`
        aliasOfId.set(hit.memory.id, alias)
        table.memories.set(alias, hit.memory)
      }
      offered.add(alias)
      // The same near-duplicate rule a write applies: the measured cosine from the embedder's threshold up.
      const cosine = hit.scores.semantic
      if (cosine !== undefined && cosine >= memory.duplicateScore)
        near.set(alias, Math.round(cosine * 100) / 100)
    }
  }
  return { table, refused }
}

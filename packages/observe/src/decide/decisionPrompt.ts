import { renderContentAsData } from '@agent-memory/core'
import { fenceJson } from '../observe/fenceJson.js'
import type { AliasTable } from './AliasTable.js'

/** The decision call's user message: candidates with their existing memories, by alias only. */
export function decisionPrompt(table: AliasTable): string {
  const candidates = [...table.candidates].map(([alias, candidate]) => ({
    candidate: alias,
    content: candidate.content,
    tier: candidate.tier,
    validFrom: candidate.validFrom,
    existing: [...(table.offered.get(alias) ?? [])].map((memoryAlias) => {
      const memory = table.memories.get(memoryAlias)!
      const nearDuplicate = table.nearDuplicates.get(alias)?.get(memoryAlias)
      return {
        alias: memoryAlias,
        content: renderContentAsData(memory.content),
        tier: memory.tier,
        validFrom: (memory.validFrom ?? memory.createdAt).toISOString().slice(0, 10),
        ...(nearDuplicate === undefined ? {} : { nearDuplicate }),
      }
    }),
  }))
  return `<memories>\n${fenceJson({ candidates })}\n</memories>`
}

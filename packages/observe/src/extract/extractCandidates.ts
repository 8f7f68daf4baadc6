import { z } from 'zod'
import type { ConversationTurn } from '../messages/ConversationTurn.js'
import { clip } from '../observe/clip.js'
import { fenceJson } from '../observe/fenceJson.js'
import { generateStructured } from '../observe/generateStructured.js'
import type { ModelBudget } from '../observe/ModelBudget.js'
import type { Refusal } from '../observe/Refusal.js'
import { type Candidate, CandidateSchema } from './CandidateSchema.js'
import { EXTRACT_PROMPT } from './EXTRACT_PROMPT.js'

const ExtractionSchema = z.object({ candidates: z.array(CandidateSchema) })

/**
 * Asks the model for candidate memories from `sources` (the new, eligible messages), with `context`
 * shown around them. Returns the valid candidates (at most `maxCandidates`, duplicates merged) and a
 * refusal for everything else: a malformed item, a source that is not one of `sources`, an item
 * over the limit.
 */
export async function extractCandidates(
  budget: ModelBudget,
  turns: readonly ConversationTurn[],
  sources: ReadonlySet<number>,
  maxCandidates: number,
  today: Date,
): Promise<{ candidates: Candidate[]; refused: Refusal[]; inputTokens: number; outputTokens: number }> {
  const conversation = {
    today: today.toISOString().slice(0, 10),
    maxCandidates,
    extractFrom: [...sources],
    messages: turns.map((turn) => ({ n: turn.n, role: turn.role, text: turn.text })),
  }
  const reply = await generateStructured(budget, {
    name: 'memory_candidates',
    system: EXTRACT_PROMPT,
    prompt: `<conversation>\n${fenceJson(conversation)}\n</conversation>`,
    schema: ExtractionSchema,
  })
  const refused: Refusal[] = []
  const items = reply.value.candidates
  if (!Array.isArray(items)) {
    refused.push({
      stage: 'extract',
      reason: 'the reply had no "candidates" list',
      detail: clip(reply.value),
    })
    return { candidates: [], refused, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens }
  }
  const candidates: Candidate[] = []
  const seen = new Set<string>()
  let overLimit = 0
  for (const item of items) {
    // Past the limit nothing more is read: a flood of items costs one line in the report.
    if (candidates.length >= maxCandidates) {
      overLimit++
      continue
    }
    const parsed = CandidateSchema.safeParse(item)
    if (!parsed.success) {
      const first = parsed.error.issues[0]
      refused.push({
        stage: 'extract',
        reason: `malformed candidate (${first ? `${first.path.join('.') || 'item'}: ${first.message}` : 'invalid'})`,
        detail: clip(item),
      })
      continue
    }
    const candidate = parsed.data
    if (!sources.has(candidate.source)) {
      refused.push({
        stage: 'extract',
        reason: `source ${candidate.source} is not one of the new messages it may come from`,
        detail: clip(candidate.content),
      })
      continue
    }
    const { validFrom, validTo } = candidate
    if (validFrom !== null && validTo !== null && Date.parse(validTo) <= Date.parse(validFrom)) {
      refused.push({
        stage: 'extract',
        reason: 'validTo is not after validFrom',
        detail: clip(candidate.content),
      })
      continue
    }
    const key = candidate.content.toLowerCase().replace(/\s+/gu, ' ')
    if (seen.has(key)) continue
    seen.add(key)
    candidates.push({ ...candidate, tags: [...new Set(candidate.tags.map((tag) => tag.toLowerCase()))] })
  }
  if (overLimit > 0) {
    refused.push({
      stage: 'extract',
      reason: `${overLimit} more candidates dropped: the limit is ${maxCandidates} per call`,
    })
  }
  return { candidates, refused, inputTokens: reply.inputTokens, outputTokens: reply.outputTokens }
}

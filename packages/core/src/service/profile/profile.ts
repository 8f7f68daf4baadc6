import { ValidationError } from '../../errors/ValidationError.js'
import type { Memory } from '../../model/Memory.js'
import { renderContentAsData } from '../../recall-text/renderContentAsData.js'
import { estimateTokens } from '../../text/estimateTokens.js'
import { checkNamespace } from '../context/checkNamespace.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { MemoryProfile, ProfileOptions } from '../MemoryService.js'
import { compareStrings } from '../recall/compareStrings.js'
import { withDecayedConfidence } from '../withDecayedConfidence.js'
import { DEFAULT_PROFILE_TOKENS } from './DEFAULT_PROFILE_TOKENS.js'
import { FactSet } from './FactSet.js'
import { gatherProfileCandidates } from './gatherProfileCandidates.js'
import { isPinned } from './isPinned.js'
import { profileScore } from './profileScore.js'

const MAX_PROFILE_TOKENS = 100_000

/** Pinned memories first, then how-the-user-wants-things (procedural), then facts (semantic). */
function group(memory: Memory): number {
  if (isPinned(memory)) return 0
  return memory.tier === 'procedural' ? 1 : 2
}

/**
 * `MemoryService.profile`: the namespace's most important live durable facts, in a fixed order
 * (pinned, procedural, semantic; within each by `profileScore`, ties by id), near-repeats dropped,
 * within `maxTokens` counted on the rendered lines (`- content`, one per memory). Pinned
 * memories are always included, even past the budget; a memory that does not fit is skipped and
 * smaller ones after it may still fit. Nothing is written: reading a profile is not an access,
 * so the same store gives the same profile on every call (a prompt prefix that stays cacheable).
 */
export async function profile(
  context: ServiceContext,
  namespaceArg: string,
  options: ProfileOptions = {},
): Promise<MemoryProfile> {
  const issues: string[] = []
  let namespace = ''
  try {
    namespace = checkNamespace(namespaceArg)
  } catch (error) {
    if (error instanceof ValidationError) issues.push(...error.issues)
    else throw error
  }
  const maxTokens = options?.maxTokens ?? DEFAULT_PROFILE_TOKENS
  if (!(Number.isInteger(maxTokens) && maxTokens >= 1 && maxTokens <= MAX_PROFILE_TOKENS))
    issues.push(`maxTokens: must be an integer from 1 to ${MAX_PROFILE_TOKENS}`)
  if (issues.length > 0) throw new ValidationError(issues)
  const now = context.now()
  const scored = (await gatherProfileCandidates(context, namespace, maxTokens)).map((stored) => {
    const memory = withDecayedConfidence(stored, now, context.confidenceDecay)
    return { memory, group: group(memory), score: profileScore(memory) }
  })
  scored.sort((a, b) => a.group - b.group || b.score - a.score || compareStrings(a.memory.id, b.memory.id))
  const memories: Memory[] = []
  const lines: string[] = []
  const held = new FactSet()
  let tokens = 0
  for (const { memory } of scored) {
    const pinned = isPinned(memory)
    if (!pinned && tokens >= maxTokens) break
    if (held.repeats(memory)) continue
    const line = `- ${renderContentAsData(memory.content)}`
    const cost = estimateTokens(line) + 1
    if (!pinned && tokens + cost > maxTokens) continue
    memories.push(memory)
    lines.push(line)
    held.add(memory)
    tokens += cost
  }
  return { namespace, memories, text: lines.join('\n'), tokens, maxTokens }
}

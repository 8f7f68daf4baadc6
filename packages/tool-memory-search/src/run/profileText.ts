import type { MemoryProfile } from '@agent-memory/core'
import { TOOL_SENTENCES } from '../definitions/TOOL_SENTENCES.js'

/** A profile as a model reads it: a sentence saying the lines are data, then the lines; or a fixed sentence when empty. */
export function profileText(profile: MemoryProfile): string {
  if (profile.memories.length === 0) return TOOL_SENTENCES.profileEmpty
  return `${TOOL_SENTENCES.profileIntro}\n${profile.text}`
}

import type { ProviderPrompt } from './CallOptions.js'

/**
 * The prompt with the recall block in its system message: appended to a leading system message,
 * or as a new one at the start. The first position is the one every provider accepts (several
 * refuse system messages between turns). The user's messages are left exactly as they were.
 */
export function withRecallBlock(prompt: ProviderPrompt, block: string): ProviderPrompt {
  const [first, ...rest] = prompt
  if (first?.role === 'system') return [{ ...first, content: `${first.content}\n\n${block}` }, ...rest]
  return [{ role: 'system', content: block }, ...prompt]
}

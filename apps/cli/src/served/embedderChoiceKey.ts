import type { EmbedderChoice } from '../config/CliConfig.js'

/**
 * The embedder settings that decide the vectors, as one comparable string: the API key is left
 * out (it never leaves a process, and a different key embeds the same way).
 */
export function embedderChoiceKey(choice: EmbedderChoice): string {
  if (choice.kind === 'use') return JSON.stringify(['use'])
  return choice.kind === 'hashing'
    ? JSON.stringify(['hashing', choice.dimensions ?? null])
    : JSON.stringify(['openrouter', choice.baseUrl ?? null, choice.model ?? null, choice.dimensions ?? null])
}

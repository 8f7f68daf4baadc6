import type { ModelMessage } from 'ai'

/**
 * A conversation turn `observe` accepts: an AI SDK `ModelMessage`, or a plain `{ role, content }`
 * pair (content a string or text parts). An `id`, when the application has stable message ids,
 * keys idempotence instead of the content hash.
 */
export type ObserveMessage =
  | ModelMessage
  | { role: 'user' | 'assistant' | 'system' | 'tool'; content: unknown; id?: string }

import type { ObserveMessage } from '../messages/ObserveMessage.js'
import type { ProviderPrompt } from './CallOptions.js'
import { textOfParts } from './textOfParts.js'

/** The user and assistant turns of a prompt (system messages, ours included, left out) plus the reply. */
export function conversationOf(prompt: ProviderPrompt, reply: string): ObserveMessage[] {
  const turns: ObserveMessage[] = []
  for (const message of prompt) {
    if (message.role !== 'user' && message.role !== 'assistant') continue
    const text = textOfParts(message.content)
    if (text !== '') turns.push({ role: message.role, content: text })
  }
  if (reply.trim() !== '') turns.push({ role: 'assistant', content: reply })
  return turns
}

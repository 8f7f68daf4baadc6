import { createHash } from 'node:crypto'
import { ValidationError } from '@agent-memory/core'
import type { ConversationTurn } from './ConversationTurn.js'
import { MAX_OBSERVE_MESSAGES } from './MAX_OBSERVE_MESSAGES.js'
import { MAX_TURN_CHARS } from './MAX_TURN_CHARS.js'

const ROLES = new Set(['user', 'assistant', 'system', 'tool'])

/**
 * Validates the messages and reduces each to its text and key. The key of a message without an id
 * hashes its role and text together with the key of the message before it, so the same conversation
 * observed twice yields the same keys, while the same words said again in another conversation (a
 * preference restated a week later) are a new observation.
 */
export function toConversationTurns(messages: unknown): ConversationTurn[] {
  if (!Array.isArray(messages)) throw new ValidationError(['messages: expected an array'])
  if (messages.length > MAX_OBSERVE_MESSAGES) {
    throw new ValidationError([`messages: at most ${MAX_OBSERVE_MESSAGES} per call, got ${messages.length}`])
  }
  const issues: string[] = []
  const turns: ConversationTurn[] = []
  let previous = ''
  messages.forEach((message, index) => {
    const role = (message as { role?: unknown } | null)?.role
    if (typeof role !== 'string' || !ROLES.has(role)) {
      issues.push(`messages[${index}].role: expected user, assistant, system or tool`)
      return
    }
    const text = textOf((message as { content?: unknown }).content)
    if (text === undefined) {
      issues.push(`messages[${index}].content: expected a string or an array of parts`)
      return
    }
    const id = (message as { id?: unknown }).id
    const clipped = Array.from(text.toWellFormed()).slice(0, MAX_TURN_CHARS).join('')
    const key =
      typeof id === 'string' && id.length > 0 && id.length <= 256
        ? `id:${id}`
        : createHash('sha256').update(`${previous}\n${role}\n${text}`).digest('hex').slice(0, 32)
    previous = key
    turns.push({ n: index + 1, role: role as ConversationTurn['role'], text: clipped, key })
  })
  if (issues.length > 0) throw new ValidationError(issues.slice(0, 20))
  return turns
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return undefined
  return content
    .filter((part): part is { type: 'text'; text: string } => {
      const p = part as { type?: unknown; text?: unknown } | null
      return p?.type === 'text' && typeof p.text === 'string'
    })
    .map((part) => part.text)
    .join('\n')
}

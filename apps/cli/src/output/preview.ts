import { escapeForTerminal } from './escapeForTerminal.js'

/**
 * One line of at most `max` characters: whitespace collapsed, terminal controls escaped (see
 * `escapeForTerminal`), an ellipsis when cut.
 */
export function preview(text: string, max = 100): string {
  const line = escapeForTerminal(text.replace(/\s+/g, ' ').trim())
  const characters = [...line]
  return characters.length <= max ? line : `${characters.slice(0, max - 1).join('')}…`
}

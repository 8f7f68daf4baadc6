import { redactSecrets } from '../text/redactSecrets.js'

/** Longest piece of a received value an error message echoes, in code points. */
export const ECHO_LIMIT = 40

/**
 * A received string made safe for a one-line message: well-formed, secrets redacted, at most
 * `ECHO_LIMIT` code points, quoted with every control and line-separator character escaped.
 */
export function quoteReceived(text: string): string {
  const safe = redactSecrets(text.slice(0, ECHO_LIMIT * 8).toWellFormed())
  const points = Array.from(safe)
  const clipped = points.length > ECHO_LIMIT ? `${points.slice(0, ECHO_LIMIT - 1).join('')}…` : safe
  return JSON.stringify(clipped).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The JSON type name of a parsed value: string, number, boolean, null, array or object. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** What came, for a message's `got …`: the value itself when short, its shape otherwise. */
export function describeReceived(value: unknown): string {
  switch (jsonTypeOf(value)) {
    case 'string': {
      const text = value as string
      if (text === '') return 'an empty string'
      const length = Array.from(text).length
      return length > ECHO_LIMIT ? `${quoteReceived(text)} (${length} characters)` : quoteReceived(text)
    }
    case 'number':
    case 'boolean':
    case 'null':
      return String(value)
    case 'array': {
      const length = (value as unknown[]).length
      return length === 0 ? 'an empty list' : `a list of ${length} item${length === 1 ? '' : 's'}`
    }
    case 'object':
      return 'an object'
    default:
      return typeof value
  }
}

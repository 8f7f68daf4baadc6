import { redactSecrets } from '../text/redactSecrets.js'

/**
 * `redactSecrets` applied to every string inside a JSON-like value (object values, array items;
 * keys are kept). Returns a new value and whether anything changed.
 */
export function redactDeep<T>(value: T): { value: T; redacted: boolean } {
  let redacted = false
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const out = redactSecrets(node)
      if (out !== node) redacted = true
      return out
    }
    if (Array.isArray(node)) return node.map(walk)
    if (node !== null && typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype) {
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(node)) out[key] = walk(child)
      return out
    }
    return node
  }
  return { value: walk(value) as T, redacted }
}

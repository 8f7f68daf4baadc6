import type { Store } from '@agent-memory/core'

const MEMOIZED = new Set([
  'searchLegs',
  'searchText',
  'searchVector',
  'searchChunks',
  'list',
  'storedEmbeddings',
])

function keyPart(value: unknown): string {
  if (value instanceof Float32Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')
  if (value && typeof value === 'object') {
    const { signal: _signal, ...rest } = value as Record<string, unknown>
    return JSON.stringify(rest)
  }
  return String(value)
}

/**
 * For ranking sweeps over one ingested store: the read legs (`searchLegs`, `searchText`,
 * `searchVector`, `searchChunks`, `list`, and `storedEmbeddings` for vector feedback) answer each distinct call once and replay it, and `reinforce` does
 * nothing, so every ranking variant sees the same store state and pays the store once.
 * With `replay: false` only `reinforce` is disabled (for timing the real store calls).
 * Not for the reported default: that runs the real pipeline on a fresh store.
 */
export function memoizedStore<S extends Store>(store: S, options: { replay?: boolean } = {}): S {
  const replay = options.replay ?? true
  const cache = new Map<string, Promise<unknown>>()
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (property === 'reinforce') return async () => undefined
      if (typeof property !== 'string' || typeof value !== 'function') return value
      if (!replay || !MEMOIZED.has(property)) return value.bind(target)
      return (...args: unknown[]) => {
        const key = `${property}\u0000${args.map(keyPart).join('\u0000')}`
        let answer = cache.get(key)
        if (!answer) {
          answer = value.apply(target, args) as Promise<unknown>
          cache.set(key, answer)
        }
        return answer
      }
    },
  })
}

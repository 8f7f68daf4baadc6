import type { Store } from '@agent-memory/core'
import type { PgVectorStore } from '../store/PgVectorStore.js'

/** The store with `searchLegs` hidden: recall runs its legs one by one, each its own statement. */
export function legsOneByOne(store: PgVectorStore): Store {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'searchLegs') return undefined
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

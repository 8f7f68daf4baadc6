import type { StoreContext } from '../../context/StoreContext.js'

/** Namespaces remembered at most per store; the oldest entry goes first beyond it. */
const REMEMBERED = 10_000

/** Per store, the namespaces whose last unfiltered search found rows of its rankings' heads filtered out. */
const thinned = new WeakMap<StoreContext, Set<string>>()

/**
 * Whether the last unfiltered search of the namespace on the embedded store found its rankings'
 * first `limit` rows thinned by the liveness conditions (expired, superseded, outside their
 * validity): its next search reads the heads' deeper rows in its first read too
 * (`searchLegsInProcess`). Only thinned namespaces are kept, so most stores hold none.
 */
export function headsThinned(context: StoreContext, namespace: string): boolean {
  return thinned.get(context)?.has(namespace) ?? false
}

/** Records what a search of the namespace found (see `headsThinned`). */
export function rememberHeadsThinned(context: StoreContext, namespace: string, wasThinned: boolean): void {
  let namespaces = thinned.get(context)
  if (!wasThinned) {
    namespaces?.delete(namespace)
    return
  }
  if (namespaces === undefined) {
    namespaces = new Set()
    thinned.set(context, namespaces)
  }
  namespaces.delete(namespace)
  namespaces.add(namespace)
  if (namespaces.size > REMEMBERED) namespaces.delete(namespaces.values().next().value!)
}

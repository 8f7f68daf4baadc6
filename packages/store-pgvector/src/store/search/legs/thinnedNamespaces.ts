import type { StoreContext } from '../../context/StoreContext.js'

/**
 * Per store, the namespaces whose last unfiltered search found rows of its rankings' first `limit`
 * documents filtered out (`rememberHeadsThinned`; read by `firstReadCount`). Only thinned
 * namespaces are kept, so most stores hold none.
 */
export const thinnedNamespaces = new WeakMap<StoreContext, Set<string>>()

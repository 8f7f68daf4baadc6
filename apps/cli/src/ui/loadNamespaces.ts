import type { InspectorDeps } from './InspectorDeps.js'

/**
 * The namespaces page: counts per namespace, the repair queue's size, storage, the recorded embedder
 * and this process's embedding cache (its hit rates: the inspector's searches run here).
 */
export async function loadNamespaces(deps: InspectorDeps) {
  const [namespaces, recorded, tableBytes, queue, dataDirBytes] = await Promise.all([
    deps.store.stats(),
    deps.store.recordedEmbedder(),
    deps.store.storageBytes(),
    deps.store.repairStats(),
    deps.dataDirBytes?.(),
  ])
  return {
    store: deps.storeDescription,
    embedder: recorded,
    storage: { tableBytes, ...(dataDirBytes === undefined ? {} : { dataDirBytes }) },
    queue,
    namespaces,
    embeddingCache: deps.memory.stats().embeddingCache,
  }
}

import type { InspectorDeps } from './InspectorDeps.js'

/** The namespaces page: counts per namespace, the repair queue's size, storage and the recorded embedder. */
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
  }
}

import type { ServiceContext } from '../context/ServiceContext.js'
import { dataStoreOf } from './dataStoreOf.js'

/** The embedder the store's vectors come from: the recorded one, else the service's own. */
export async function storeEmbedder(
  context: ServiceContext,
): Promise<{ model: string | null; dimensions: number }> {
  const recorded = await dataStoreOf(context.store).recordedEmbedder()
  return recorded ?? { model: context.embedder.model, dimensions: context.store.dimensions }
}

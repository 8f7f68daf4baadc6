import type { Embedder } from '../spec/Embedder.js'
import type { ListOptions, Store } from '../spec/Store.js'
import { resolveServiceContext } from './context/resolveServiceContext.js'
import { eraseNamespace } from './data/eraseNamespace.js'
import { exportNamespace } from './data/exportNamespace.js'
import { importRecords } from './data/importRecords.js'
import { forgetMemory } from './lifecycle/forgetMemory.js'
import { getMemory } from './lifecycle/getMemory.js'
import { listMemories } from './lifecycle/listMemories.js'
import { memoryHistory } from './lifecycle/memoryHistory.js'
import { startBackgroundSweep } from './lifecycle/startBackgroundSweep.js'
import { supersedeMemory } from './lifecycle/supersedeMemory.js'
import { sweepExpiredMemories } from './lifecycle/sweepExpiredMemories.js'
import { linkMemories } from './links/linkMemories.js'
import { unlinkMemories } from './links/unlinkMemories.js'
import type { MemoryService, RecallOptions } from './MemoryService.js'
import type { MemoryServiceOptions } from './MemoryServiceOptions.js'
import { profile } from './profile/profile.js'
import { recall } from './recall/recall.js'
import { remember } from './remember/remember.js'
import { rememberMany } from './remember/rememberMany.js'
import { updateMemory } from './remember/updateMemory.js'
import { repairIssues } from './repair/repairIssues.js'
import { repairPending } from './repair/repairPending.js'

/**
 * Composes a store and an embedder into a `MemoryService`.
 *
 * Write path (`remember/`): validate → normalise → redact credentials (content, summary, tags,
 * metadata strings) → fingerprint → exact duplicate (same namespace, tier, fingerprint, live) of
 * a fresh write → reinforce it instead → chunk long content → embed memory and chunks in batches
 * within the write budget, outside any transaction → one `upsert`. An embedder failure or timeout
 * stores the memory `pending` (`degraded: 'pending_embed'`); `repair` embeds it later.
 *
 * Recall (`recall/`): see `recall`; the scoring rules are documented on it.
 *
 * The options are resolved once, with their defaults, by `resolveServiceContext`.
 *
 * @throws DimensionMismatchError when the embedder's dimensions differ from the store's.
 */
export function createMemory(config: {
  store: Store
  embedder: Embedder
  options?: MemoryServiceOptions
}): MemoryService {
  const context = resolveServiceContext(config)
  const sweeper = startBackgroundSweep(context)
  return {
    store: context.store,
    embedder: context.embedder,
    minScore: context.minScore,
    duplicateScore: context.duplicateScore,
    remember: (namespace, input) => remember(context, namespace, input),
    rememberMany: (namespace, inputs, options) => rememberMany(context, namespace, inputs, options),
    recall: (namespace, query, options?: RecallOptions) => recall(context, namespace, query, options),
    get: (namespace, id) => getMemory(context, namespace, id),
    list: (namespace, options?: ListOptions) => listMemories(context, namespace, options),
    update: (namespace, id, patch) => updateMemory(context, namespace, id, patch),
    forget: (namespace, id) => forgetMemory(context, namespace, id),
    supersede: (namespace, oldId, replacement) => supersedeMemory(context, namespace, oldId, replacement),
    history: (namespace, id) => memoryHistory(context, namespace, id),
    sweep: (options) => sweepExpiredMemories(context, options),
    link: (namespace, fromId, toId) => linkMemories(context, namespace, fromId, toId),
    unlink: (namespace, fromId, toId) => unlinkMemories(context, namespace, fromId, toId),
    profile: (namespace, options) => profile(context, namespace, options),
    stats: () => ({
      embeddingCache: {
        queries: context.queryEmbeddings.stats(),
        documents: context.documentEmbeddings.stats(),
        reusedFromStore: context.storedVectorsReused.count,
      },
    }),
    repair: (options) => repairPending(context, options),
    flush: () => context.reinforcements.flush(),
    close: async () => {
      await sweeper.stop()
      await context.reinforcements.close()
    },
    repairIssues: (namespace, options) => repairIssues(context, namespace, options),
    exportNamespace: (namespace, options) => exportNamespace(context, namespace, options),
    importRecords: (records, options) => importRecords(context, records, options),
    eraseNamespace: (namespace) => eraseNamespace(context, namespace),
  }
}

import { EXPORT_FORMAT_VERSION } from '../../data/EXPORT_FORMAT_VERSION.js'
import type { ExportRecord } from '../../data/ExportRecordSchema.js'
import { toExportMemory } from '../../data/toExportMemory.js'
import { checkNamespace } from '../context/checkNamespace.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { dataStoreOf } from './dataStoreOf.js'
import { EXPORT_PAGE_ROWS } from './EXPORT_PAGE_ROWS.js'
import { storeEmbedder } from './storeEmbedder.js'

/**
 * `MemoryService.exportNamespace`: a header naming the format version and the store's embedder,
 * then every memory of each namespace (live and superseded, in id order), read a page at a time
 * so memory stays bounded whatever the size. Pages are separate reads: a consistent copy of a
 * store being written is a backup, not an export.
 */
export async function* exportNamespace(
  context: ServiceContext,
  namespaces: string | readonly string[],
  options: { vectors?: boolean } = {},
): AsyncGenerator<ExportRecord> {
  const store = dataStoreOf(context.store)
  const list = (typeof namespaces === 'string' ? [namespaces] : [...namespaces]).map(checkNamespace)
  const vectors = options.vectors === true
  yield {
    type: 'header',
    format: 'agent-memory-export',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: context.now().toISOString(),
    embedder: await storeEmbedder(context),
    vectors,
  }
  for (const namespace of list) {
    let after: string | undefined
    for (;;) {
      const page = await store.exportRows(namespace, {
        limit: EXPORT_PAGE_ROWS,
        vectors,
        ...(after === undefined ? {} : { after }),
      })
      for (const row of page) yield toExportMemory(row, vectors)
      if (page.length < EXPORT_PAGE_ROWS) break
      after = page[page.length - 1]!.memory.id
    }
  }
}

import { EXPORT_FORMAT_VERSION } from '../../data/EXPORT_FORMAT_VERSION.js'
import { ExportHeaderSchema } from '../../data/ExportHeaderSchema.js'
import { ExportMemorySchema } from '../../data/ExportMemorySchema.js'
import { fromExportMemory } from '../../data/fromExportMemory.js'
import type { ImportOptions } from '../../data/ImportOptions.js'
import type { ImportSummary } from '../../data/ImportSummary.js'
import { ValidationError } from '../../errors/ValidationError.js'
import type { StoredMemoryRow } from '../../spec/NamespaceDataStore.js'
import { checkNamespace } from '../context/checkNamespace.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { describeIssues } from '../describeIssues.js'
import { dataStoreOf } from './dataStoreOf.js'
import { IMPORT_BATCH_ROWS } from './IMPORT_BATCH_ROWS.js'
import { storeEmbedder } from './storeEmbedder.js'

type Embedder = { model: string | null; dimensions: number }
const describe = (embedder: Embedder | null) =>
  embedder === null
    ? 'an unrecorded embedder'
    : `${embedder.model ?? 'an unnamed model'} (${embedder.dimensions} dimensions)`

/**
 * `MemoryService.importRecords`: export records in, verbatim and idempotent by id. A header
 * must come first (a later header, as in concatenated exports, applies to the records after it);
 * a header of a newer format version refuses the whole stream before anything is written. A
 * record that cannot go in (bad shape, newer version, an id seen earlier in the stream, an id
 * another namespace owns) is skipped and named by its position; the rest go in. Vectors are
 * used when the header's embedder is the store's, else the memories go in `pending` for repair.
 */
export async function importRecords(
  context: ServiceContext,
  records: Iterable<unknown> | AsyncIterable<unknown>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const store = dataStoreOf(context.store)
  const target = options.namespace === undefined ? undefined : checkNamespace(options.namespace)
  const ours = await storeEmbedder(context)
  const summary: ImportSummary = {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: [],
    pendingEmbed: 0,
    pendingReason: null,
    namespaces: [],
  }
  const touched = new Set<string>()
  const firstSeen = new Map<string, number>()
  let header: { vectors: boolean; fits: boolean; embedder: Embedder | null } | undefined
  let batch: { namespace: string; rows: StoredMemoryRow[]; positions: number[] } | undefined

  const flush = async () => {
    if (batch === undefined || batch.rows.length === 0) return
    const { namespace, rows, positions } = batch
    batch = undefined
    const outcomes = await store.importRows(namespace, rows)
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'conflict') {
        summary.skipped.push({
          record: positions[i]!,
          id: outcome.id,
          reason: `id ${outcome.id} belongs to another namespace of this store`,
        })
        return
      }
      summary[outcome.status] += 1
      touched.add(namespace)
      if (outcome.status !== 'unchanged' && rows[i]!.embedding === null) summary.pendingEmbed += 1
    })
  }

  let position = 0
  for await (const record of records) {
    position += 1
    const type =
      typeof record === 'object' && record !== null ? (record as { type?: unknown }).type : undefined
    if (type === 'header') {
      const parsed = ExportHeaderSchema.safeParse(record)
      if (!parsed.success) {
        throw new ValidationError([
          `record ${position} is not a readable export header: ${describeIssues(parsed.error.issues).join('; ')}`,
        ])
      }
      if (parsed.data.version > EXPORT_FORMAT_VERSION) {
        throw new ValidationError([
          `record ${position}: this export is format version ${parsed.data.version}; this version of agent-memory reads up to ${EXPORT_FORMAT_VERSION}: upgrade it to import the file (nothing was written from this export)`,
        ])
      }
      await flush()
      const theirs = parsed.data.embedder
      const fits = theirs !== null && theirs.model === ours.model && theirs.dimensions === ours.dimensions
      header = { vectors: parsed.data.vectors, fits, embedder: theirs }
      if (parsed.data.vectors && !fits) {
        summary.pendingReason = `the file's vectors come from ${describe(theirs)} and this store embeds with ${describe(ours)}: its memories were stored pending and repair embeds them again`
      } else if (!parsed.data.vectors) {
        summary.pendingReason ??=
          'the file carries no vectors: its memories were stored pending and repair embeds them'
      }
      continue
    }
    if (header === undefined) {
      throw new ValidationError([
        `record ${position} comes before any export header: the stream does not start like an agent-memory export (nothing was written)`,
      ])
    }
    const version =
      typeof record === 'object' && record !== null ? (record as { version?: unknown }).version : undefined
    if (type === 'memory' && typeof version === 'number' && version > EXPORT_FORMAT_VERSION) {
      summary.skipped.push({
        record: position,
        reason: `format version ${version} is newer than this version of agent-memory reads (${EXPORT_FORMAT_VERSION})`,
      })
      continue
    }
    const parsed = ExportMemorySchema.safeParse(record)
    if (!parsed.success) {
      summary.skipped.push({
        record: position,
        reason: `not a memory record: ${describeIssues(parsed.error.issues).slice(0, 3).join('; ')}`,
      })
      continue
    }
    const { id } = parsed.data.memory
    const earlier = firstSeen.get(id)
    if (earlier !== undefined) {
      summary.skipped.push({
        record: position,
        id,
        reason: `id ${id} appears again (first at record ${earlier}); the first one was imported`,
      })
      continue
    }
    firstSeen.set(id, position)
    const namespace = target ?? checkNamespace(parsed.data.memory.namespace)
    const row = fromExportMemory(parsed.data, namespace, header.fits ? context.store.dimensions : null)
    if (batch !== undefined && (batch.namespace !== namespace || batch.rows.length >= IMPORT_BATCH_ROWS)) {
      await flush()
    }
    batch ??= { namespace, rows: [], positions: [] }
    batch.rows.push(row)
    batch.positions.push(position)
  }
  await flush()
  if (header === undefined && position > 0) {
    throw new ValidationError(['the stream holds no export header: it is not an agent-memory export'])
  }
  summary.namespaces = [...touched].sort()
  for (const namespace of summary.namespaces) await context.store.afterBulkLoad?.(namespace)
  if (summary.pendingEmbed === 0) summary.pendingReason = null
  else
    summary.pendingReason ??=
      'they had no vector in the store they come from (pending or failed there): repair embeds the pending ones'
  return summary
}

import type { Chunk, ImportRowOutcome, Memory, StoredMemoryRow } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { checkRowVector } from '../state/checkRowVector.js'
import { copyMemory } from '../state/copyMemory.js'
import { copyVector } from '../state/copyVector.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** The fields an import compares to decide `unchanged` (everything a row holds but its vectors). */
function sameRow(a: Memory, b: Memory, aStamped: boolean, bStamped: boolean): boolean {
  return aStamped === bStamped && canonical(a) === canonical(b)
}

/** JSON with object keys sorted, so two equal memories compare equal whatever built them. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, each: unknown) =>
    each !== null && typeof each === 'object' && !Array.isArray(each)
      ? Object.fromEntries(Object.entries(each).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : each,
  )
}

/** `NamespaceDataStore.importRows`: rows written verbatim, validated whole first (the batch is atomic). */
export async function importNamespaceRows(
  state: InMemoryState,
  namespace: string,
  rows: StoredMemoryRow[],
): Promise<ImportRowOutcome[]> {
  checkNamespace(namespace)
  for (const row of rows) {
    if (row.embedding !== null) checkRowVector(state, row.embedding)
    for (const chunk of row.chunks) if (chunk.embedding !== null) checkRowVector(state, chunk.embedding)
  }
  const outcomes: ImportRowOutcome[] = []
  for (const row of rows) {
    const id = row.memory.id
    const existing = state.rows.get(id)
    if (existing !== undefined && existing.memory.namespace !== namespace) {
      outcomes.push({ id, status: 'conflict' })
      continue
    }
    const withVector = row.embedding !== null
    const memory: Memory = {
      ...copyMemory({ ...row.memory, namespace }),
      embedState: withVector ? 'ok' : row.memory.embedState === 'failed' ? 'failed' : 'pending',
    }
    if (
      existing !== undefined &&
      sameRow(existing.memory, memory, existing.stampedValidTo, row.validToStamped)
    ) {
      outcomes.push({ id, status: 'unchanged' })
      continue
    }
    const chunks: Chunk[] = withVector
      ? row.chunks.flatMap((chunk) =>
          chunk.embedding === null
            ? []
            : [
                {
                  idx: chunk.idx,
                  text: chunk.text,
                  embedding: copyVector(chunk.embedding) as Chunk['embedding'],
                },
              ],
        )
      : []
    state.rows.set(id, {
      memory,
      embedding: withVector ? copyVector(row.embedding!) : null,
      chunks,
      stampedValidTo: row.validToStamped,
      attempts: 0,
      nextRunAt: null,
      leaseUntil: null,
      lastError: null,
    })
    outcomes.push({ id, status: existing === undefined ? 'inserted' : 'updated' })
  }
  return outcomes
}

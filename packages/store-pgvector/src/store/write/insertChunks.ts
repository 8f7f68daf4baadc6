import type { Chunk } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { BinaryCopyWriter } from '../BinaryCopyWriter.js'
import { SqlParams } from '../SqlParams.js'
import { vectorLiteral } from '../vectorLiteral.js'
import { MAX_ROWS_PER_INSERT } from './MAX_ROWS_PER_INSERT.js'

const PG_MAX_PARAMS = 65_000

/**
 * Adds chunk rows (the caller cleared what they replace): binary COPY wherever the driver has
 * it, whatever the count — a chunk row is mostly its vector, and a text vector literal costs
 * more to format and parse than the COPY's extra round trip (PGlite's COPY reads a blob, no
 * stream). Multi-row INSERTs otherwise.
 */
export async function insertChunks(
  sql: SqlRunner,
  ns: string,
  rows: { id: string; chunk: Chunk }[],
): Promise<void> {
  if (rows.length === 0) return
  if (sql.copyIn !== undefined) {
    const writer = new BinaryCopyWriter()
    for (const { id, chunk } of rows) {
      writer.addRow([
        { type: 'text', value: ns },
        { type: 'text', value: id },
        { type: 'int4', value: chunk.idx },
        { type: 'text', value: chunk.text },
        { type: 'vector', value: chunk.embedding },
      ])
    }
    await sql.copyIn(
      'COPY memory_chunks (namespace, memory_id, idx, text, embedding) FROM STDIN (FORMAT binary)',
      [...writer.finish()],
    )
    return
  }
  const perStatement = Math.min(MAX_ROWS_PER_INSERT, Math.floor(PG_MAX_PARAMS / 4))
  // Every statement issued before the first answer is awaited: on a pipelined runner they share a round trip.
  const sent: Array<Promise<unknown>> = []
  for (let start = 0; start < rows.length; start += perStatement) {
    const params = new SqlParams()
    const nsParam = params.add(ns)
    const tuples = rows
      .slice(start, start + perStatement)
      .map(
        ({ id, chunk }) =>
          `(${nsParam}, ${params.add(id)}, ${params.add(chunk.idx, 'int4')}, ${params.add(chunk.text)}, ${params.add(
            vectorLiteral(chunk.embedding),
            'vector',
          )})`,
      )
    sent.push(
      sql.query(
        `INSERT INTO memory_chunks (namespace, memory_id, idx, text, embedding) VALUES ${tuples.join(', ')}`,
        params.values,
      ),
    )
  }
  await Promise.all(sent)
}

import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { CopyBinaryWriter } from '../harness/CopyBinaryWriter.js'

export interface RawRow {
  id: number
  namespace: string
  content: string
  embedding: Float32Array
}

/** Raw `COPY … FROM STDIN (FORMAT binary)` of rows into a raw table: the ingest ceiling. */
export async function copyRowsBinary(pool: pg.Pool, table: string, rows: Iterable<RawRow>): Promise<void> {
  const client = await pool.connect()
  try {
    const stream = client.query(
      copyFrom(`COPY ${table} (id, namespace, content, embedding) FROM STDIN (FORMAT binary)`),
    )
    function* encode() {
      yield CopyBinaryWriter.header()
      for (const row of rows) {
        yield CopyBinaryWriter.row([
          CopyBinaryWriter.int8(row.id),
          CopyBinaryWriter.text(row.namespace),
          CopyBinaryWriter.text(row.content),
          CopyBinaryWriter.vector(row.embedding),
        ])
      }
      yield CopyBinaryWriter.trailer()
    }
    await pipeline(Readable.from(encode()), stream)
  } finally {
    client.release()
  }
}

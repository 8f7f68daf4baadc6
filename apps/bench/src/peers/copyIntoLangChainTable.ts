import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { CopyBinaryWriter } from '../harness/CopyBinaryWriter.js'
import type { RawRow } from '../pg/copyRowsBinary.js'
import { langChainId } from './langChainId.js'

/**
 * Fills LangChain's table shape fast (binary COPY) for the search workloads, where only the
 * table shape and the peer's query matter, not how the rows arrived. Metadata is
 * `{"namespace": …}`, the peers' way to scope a user.
 */
export async function copyIntoLangChainTable(
  pool: pg.Pool,
  table: string,
  rows: Iterable<RawRow>,
): Promise<void> {
  const client = await pool.connect()
  try {
    const stream = client.query(
      copyFrom(`COPY ${table} (id, text, metadata, embedding) FROM STDIN (FORMAT binary)`),
    )
    function* encode() {
      yield CopyBinaryWriter.header()
      for (const row of rows) {
        const uuid = Buffer.from(langChainId(row.id).replace(/-/g, ''), 'hex')
        // jsonb's binary form: version byte 1, then the JSON text.
        const metadata = Buffer.concat([
          Buffer.from([1]),
          Buffer.from(JSON.stringify({ namespace: row.namespace })),
        ])
        yield CopyBinaryWriter.row([
          uuid,
          CopyBinaryWriter.text(row.content),
          metadata,
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

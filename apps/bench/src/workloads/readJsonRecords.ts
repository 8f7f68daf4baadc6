import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

/**
 * The JSON values of a JSON-lines file, one per non-empty line, read as they are asked for. The
 * file is opened on the first request, not on the call: readline emits lines as soon as it
 * exists and its async iterator keeps only those that come after it is asked for, so a consumer
 * that awaits something first (importRecords reads the store's embedder: a round trip on
 * PostgreSQL) would lose the file's first lines, its export header among them.
 */
export async function* readJsonRecords(file: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })
  for await (const line of lines) if (line.length > 0) yield JSON.parse(line) as unknown
}

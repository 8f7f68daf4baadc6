import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import type { IngestItem } from './IngestItem.js'
import type { IngestOptions } from './IngestOptions.js'
import { jsonlLineToItem } from './jsonlLineToItem.js'

export type JsonlEntry = { line: number } & ({ item: IngestItem } | { problem: string })

/**
 * Streams a `.jsonl` file line by line (memory bounded by the longest line, not the file), each
 * line as its memory or its problem, with its 1-based line number for progress.
 */
export async function* readJsonlItems(file: string, options: IngestOptions = {}): AsyncGenerator<JsonlEntry> {
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let line = 0
  for await (const text of lines) {
    line += 1
    const entry = jsonlLineToItem(file, line, text, options)
    if (entry === undefined) continue
    yield 'problem' in entry ? { line, problem: entry.problem } : { line, item: entry }
  }
}

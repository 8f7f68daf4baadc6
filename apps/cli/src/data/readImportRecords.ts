import { readLines } from './readLines.js'

/** A line that is not a record, with why, by line number. */
export interface UnreadableLine {
  line: number
  reason: string
}

/**
 * The parsed records of a JSON lines export, one per non-blank line, in order. `lines[i]` is the
 * line number of the i-th record yielded (so a position in the import summary maps back to the
 * file); a line that is not JSON is not yielded but put in `unreadable`, with a sentence that
 * tells a file cut short from a bad line.
 */
export function readImportRecords(input: AsyncIterable<string>): {
  records: AsyncGenerator<unknown>
  lines: number[]
  unreadable: UnreadableLine[]
} {
  const lines: number[] = []
  const unreadable: UnreadableLine[] = []
  async function* records(): AsyncGenerator<unknown> {
    for await (const { line, text, complete } of readLines(input)) {
      if (text.trim() === '') continue
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        unreadable.push({
          line,
          reason: complete
            ? 'not JSON (each line of an export is one JSON record)'
            : 'the file ends inside this record: it was cut short (copied or written incompletely); the lines before it are imported',
        })
        continue
      }
      lines.push(line)
      yield value
    }
  }
  return { records: records(), lines, unreadable }
}

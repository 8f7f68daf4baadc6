import { BinaryCopyWriter, type CopyValue } from '../BinaryCopyWriter.js'

/** A binary COPY payload encoded lazily, row by row, in ~1 MiB pieces. */
export function* copyPayload<T>(
  rows: readonly T[],
  fields: (row: T, i: number) => CopyValue[],
): Generator<Buffer> {
  const writer = new BinaryCopyWriter()
  for (let i = 0; i < rows.length; i++) {
    writer.addRow(fields(rows[i]!, i))
    yield* writer.drain()
  }
  yield* writer.finish()
}

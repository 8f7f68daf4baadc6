import type { RawRow } from '../pg/copyRowsBinary.js'
import type { BenchContext } from './BenchContext.js'

/** Rows [0, count) of the shared data as raw rows in one namespace. */
export function rawRows(
  ctx: BenchContext,
  count: number,
  namespaceOf: (i: number) => string = () => 'w1',
): RawRow[] {
  const rows: RawRow[] = []
  for (let i = 0; i < count; i++)
    rows.push({ id: i, namespace: namespaceOf(i), content: ctx.text(i), embedding: ctx.data.row(i) })
  return rows
}

import type { PGlite } from '@electric-sql/pglite'

/**
 * Postgres's own tokenisation of each text (`to_tsvector(config, text)`): lexeme → occurrences.
 * `english` stems (Snowball) and drops stop words; `simple` only lower-cases.
 */
export async function lexemeCounts(
  db: PGlite,
  config: 'english' | 'simple',
  texts: readonly string[],
): Promise<Array<Map<string, number>>> {
  const out = texts.map(() => new Map<string, number>())
  const { rows } = await db.query<{ ord: number; lexeme: string; n: number }>(
    `SELECT u.ord::int AS ord, l.lexeme, coalesce(array_length(l.positions, 1), 1)::int AS n
     FROM unnest($1::text[]) WITH ORDINALITY AS u(t, ord), unnest(to_tsvector('${config}', u.t)) AS l`,
    [texts],
  )
  for (const row of rows) out[row.ord - 1]!.set(row.lexeme, row.n)
  return out
}

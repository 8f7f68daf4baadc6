import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { databaseUrl, requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { accessKeyOf } from './store/accessKeyOf.js'

/** Pairs whose keys must all differ: one id in two namespaces, the same bytes split two ways, text beyond ASCII, backslashes. */
const PAIRS: Array<[string, string]> = [
  ['user-0001', 'note-1'],
  ['user-0002', 'note-1'],
  ['a', 'bc'],
  ['ab', 'c'],
  ['', 'abc'],
  ['abc', ''],
  ['café', 'ñandú-🦩'],
  // Backslashes and what an escape would read as one: taken byte for byte.
  ['user\\', '\\001'],
  ['user', '\\\\x00\\134'],
]

/** The key as the store defines it, computed apart from SQL: sha256 of namespace, NUL, id; 16 bytes as a uuid. */
const expectedKey = (namespace: string, id: string) =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(namespace, 'utf8'), Buffer.from([0]), Buffer.from(id, 'utf8')]))
    .digest('hex')
    .slice(0, 32)
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')

async function keysOf(query: (text: string, values: unknown[]) => Promise<Array<{ key: string }>>) {
  const keys: string[] = []
  for (const [namespace, id] of PAIRS) {
    const rows = await query(`SELECT ${accessKeyOf('$1::text', '$2::text')}::text AS key`, [namespace, id])
    keys.push(rows[0]!.key)
  }
  return keys
}

function checkKeys(keys: string[]) {
  expect(keys).toEqual(PAIRS.map(([namespace, id]) => expectedKey(namespace, id)))
  expect(new Set(keys).size).toBe(PAIRS.length)
}

describe("an access row's key: 16 bytes of sha256 over the namespace and the id, unambiguously joined", () => {
  it('migration 0013 keys the existing rows with the same expression', () => {
    const migration = readFileSync(
      fileURLToPath(new URL('../drizzle/0013_access_key.sql', import.meta.url)),
      'utf8',
    )
    expect(migration).toContain(accessKeyOf('namespace', 'memory_id'))
  })

  it('on the embedded database (PGlite)', async () => {
    const db = new PGlite()
    try {
      checkKeys(await keysOf(async (text, values) => (await db.query<{ key: string }>(text, values)).rows))
    } finally {
      await db.close()
    }
  })

  if (requirePostgres('access keys on PostgreSQL')) {
    it('on PostgreSQL', async () => {
      const client = new pg.Client({ connectionString: databaseUrl() })
      await client.connect()
      try {
        checkKeys(
          await keysOf(async (text, values) => (await client.query<{ key: string }>(text, values)).rows),
        )
      } finally {
        await client.end()
      }
    })
  }
})

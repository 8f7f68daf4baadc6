// Opens (and serves) the data directory in argv[2] with the machine cache the environment names
// (AGENT_MEMORY_CACHE_DIR), reads the cluster's system identifier over the served socket, lists
// the memories it holds, writes one, closes, and prints all that as one JSON line.
import { dirname } from 'node:path'
import pg from 'pg'
import { openEmbeddedStore, storeSocketPath } from '../../dist/index.js'

const dataDir = process.argv[2]
const store = await openEmbeddedStore({ dataDir, dimensions: 4, handleSignals: false, serve: {} })
const raw = new pg.Client({ host: dirname(storeSocketPath(dataDir)), port: 5432, user: 'postgres' })
await raw.connect()
const { rows } = await raw.query('SELECT system_identifier::text AS id FROM pg_control_system()')
await raw.end()
const before = (await store.list('ns')).map((memory) => memory.id)
const id = `m${before.length}`
await store.upsert('ns', [
  { id, tier: 'semantic', content: id, fingerprint: id, embedding: Float32Array.from([1, 0, 0, 0]) },
])
await store.close()
process.stdout.write(`${JSON.stringify({ systemIdentifier: rows[0].id, before })}\n`)

#!/usr/bin/env node
// Read-replica figures on the local primary and its streaming standby (scripts/setup-standby.sh):
//   1. read latency, primary-only store vs the same reads through the read pool, interleaved, same run;
//   2. replication lag as a writer sees it: commit → the standby has replayed that commit;
//   3. read-your-writes: where a read right after a write of the same namespace went;
//   4. failover: the replica's address stops answering; the reads that follow, and their latency.
// Usage (after `npx tsc -p tsconfig.build.json` in this package):
//   DATABASE_URL=… REPLICA_DATABASE_URL=… node scripts/replica-bench.mjs
// Sizes: BENCH_ROWS (2000 rows in 20 namespaces), BENCH_READS (400 of each kind), BENCH_DIMS (256).
import net from 'node:net'
import pg from 'pg'
import { createPgVectorStore, migrate } from '../dist/index.js'

const env = (name, fallback) => Number(process.env[name] ?? fallback)
const ROWS = env('BENCH_ROWS', 2000)
const READS = env('BENCH_READS', 400)
const DIMS = env('BENCH_DIMS', 256)
const NAMESPACES = 20
const base = process.env.DATABASE_URL
const replicaBase = process.env.REPLICA_DATABASE_URL
if (!base || !replicaBase)
  throw new Error('set DATABASE_URL and REPLICA_DATABASE_URL (scripts/setup-standby.sh)')

let seed = 7
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}
const vector = () => Float32Array.from({ length: DIMS }, () => random() - 0.5)
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
const ms = (value) => `${value.toFixed(2)} ms`
const time = async (work) => {
  const started = process.hrtime.bigint()
  await work()
  return Number(process.hrtime.bigint() - started) / 1e6
}

const name = `am_replica_bench_${process.pid}`
const admin = new pg.Client({ connectionString: base })
await admin.connect()
await admin.query(`CREATE DATABASE ${name}`)
const url = new URL(base)
url.pathname = `/${name}`
const replicaUrl = new URL(url)
replicaUrl.host = new URL(replicaBase).host
const primaryPool = new pg.Pool({ connectionString: url.toString(), max: 4 })
primaryPool.on('error', () => undefined)
const standby = new pg.Pool({
  connectionString: replicaUrl.toString().replace(`/${name}`, '/postgres'),
  max: 2,
})

const replayedUpTo = async (lsn) => {
  for (;;) {
    const done = await standby.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn])
    if (done.rows[0].done) return
  }
}
const currentLsn = async () => (await primaryPool.query('SELECT pg_current_wal_lsn()::text AS l')).rows[0].l

// A forwarder in front of the standby, so step 4 can make it vanish without touching the standby.
const sockets = new Set()
let proxy
const startProxy = (port) =>
  new Promise((resolve) => {
    proxy = net.createServer((client) => {
      const upstream = net.connect(Number(replicaUrl.port || 5432), '127.0.0.1')
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('error', () => undefined)
        socket.on('close', () => sockets.delete(socket))
      }
      client.pipe(upstream).pipe(client)
    })
    proxy.listen(port, '127.0.0.1', () => resolve(proxy.address().port))
  })

try {
  await migrate(primaryPool, { dimensions: DIMS })
  const proxyPort = await startProxy(0)
  const throughProxy = new URL(replicaUrl)
  throughProxy.port = String(proxyPort)
  const primaryOnly = await createPgVectorStore({
    connectionString: url.toString(),
    dimensions: DIMS,
    onConnectionError: () => undefined,
  })
  const replicated = await createPgVectorStore({
    connectionString: url.toString(),
    readConnectionString: throughProxy.toString(),
    dimensions: DIMS,
    readReplica: { retryMs: 1000 },
    onConnectionError: () => undefined,
  })
  const ns = (i) => `user-${i % NAMESPACES}`
  for (let start = 0; start < ROWS; start += 100) {
    const batch = Array.from({ length: Math.min(100, ROWS - start) }, (_, k) => {
      const i = start + k
      return { id: `r${i}`, tier: 'semantic', content: `row ${i}`, fingerprint: `f${i}`, embedding: vector() }
    })
    // One namespace per batch of 100, cycling.
    await primaryOnly.upsert(ns(start / 100), batch)
  }
  await replayedUpTo(await currentLsn())
  await new Promise((resolve) => setTimeout(resolve, 200))

  // 1. Read latency, interleaved so both sides see the same load.
  const lat = { get: { primary: [], replica: [] }, search: { primary: [], replica: [] } }
  for (let i = 0; i < READS; i++) {
    const n = ns(Math.floor(random() * NAMESPACES) * 100)
    const id = `r${Math.floor(random() * ROWS)}`
    const q = vector()
    const order = i % 2 === 0 ? ['primary', 'replica'] : ['replica', 'primary']
    for (const side of order) {
      const store = side === 'primary' ? primaryOnly : replicated
      lat.get[side].push(await time(() => store.get(n, id)))
      lat.search[side].push(await time(() => store.searchVector(n, q, { limit: 10 })))
    }
  }
  const routed = replicated.readRouting()
  console.log(
    `reads through the read pool: ${routed.replicaReads} served by the replica, ${routed.primaryReads} by the primary`,
  )
  for (const kind of ['get', 'search']) {
    const p = lat[kind].primary
    const r = lat[kind].replica
    console.log(
      `${kind.padEnd(6)} primary-only p50 ${ms(percentile(p, 50))} p95 ${ms(percentile(p, 95))} | ` +
        `read pool (replica) p50 ${ms(percentile(r, 50))} p95 ${ms(percentile(r, 95))} | ` +
        `ratio p50 ${(percentile(r, 50) / percentile(p, 50)).toFixed(2)}`,
    )
  }

  // 2 and 3. Lag and read-your-writes.
  const lags = []
  let primaryAfterWrite = 0
  let replicaAfterWrite = 0
  const writes = Math.min(200, READS)
  for (let i = 0; i < writes; i++) {
    const n = `writer-${i % 5}`
    await replicated.upsert(n, [
      { id: `w${i}`, tier: 'semantic', content: `w ${i}`, fingerprint: `wf${i}`, embedding: vector() },
    ])
    const committed = process.hrtime.bigint()
    const lsn = await currentLsn()
    const before = replicated.readRouting()
    const found = await replicated.get(n, `w${i}`)
    if (found === null) throw new Error(`read-your-writes violated for w${i}`)
    const after = replicated.readRouting()
    primaryAfterWrite += after.primaryReads - before.primaryReads
    replicaAfterWrite += after.replicaReads - before.replicaReads
    await replayedUpTo(lsn)
    lags.push(Number(process.hrtime.bigint() - committed) / 1e6)
  }
  console.log(
    `lag (commit → replayed on the standby, ${writes} writes): p50 ${ms(percentile(lags, 50))} p95 ${ms(percentile(lags, 95))} max ${ms(Math.max(...lags))}`,
  )
  console.log(
    `read right after a write of the same namespace: ${primaryAfterWrite} on the primary, ${replicaAfterWrite} on the replica, 0 missed`,
  )

  // 4. Failover: the replica's address stops answering.
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => proxy.close(resolve))
  const failover = []
  for (let i = 0; i < 50; i++) failover.push(await time(() => replicated.get(ns(0), 'r0')))
  const down = replicated.readRouting()
  console.log(
    `replica gone: 50 reads, 0 errors; first ${ms(failover[0])}, then p50 ${ms(percentile(failover.slice(1), 50))}; ` +
      `state ${down.state}, ${down.fallbacks} fallback(s)`,
  )
  await startProxy(proxyPort)
  await new Promise((resolve) => setTimeout(resolve, 1100))
  await replicated.get(ns(0), 'r0')
  console.log(`replica back after retryMs (1 s): state ${replicated.readRouting().state}`)
  await replicated.close()
  await primaryOnly.close()
} finally {
  for (const socket of sockets) socket.destroy()
  proxy?.close()
  await standby.end()
  await primaryPool.end()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}

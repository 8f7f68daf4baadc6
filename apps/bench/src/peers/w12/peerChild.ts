import { readFile, writeFile } from 'node:fs/promises'
import pg from 'pg'
import { countPgStatements } from './countPgStatements.js'
import { measureWritesPerSearch } from './measureWritesPerSearch.js'
import { openMastraSide } from './openMastraSide.js'
import { openMem0Side } from './openMem0Side.js'
import { openOursSide } from './openOursSide.js'
import type { PeerPlan } from './PeerPlan.js'
import type { PeerResult } from './PeerResult.js'
import { runPeerScenario } from './runPeerScenario.js'

// A W12 side in its own process (so each side runs on the Node it needs and no library's
// globals touch another's): `node peerChild.js plan.json`. Nothing may leave the machine: the
// peers' telemetry is switched off by their documented variables (set by the parent) and any
// `fetch` to a host other than 127.0.0.1 is refused and reported.
const refusedRequests: string[] = []
const realFetch = globalThis.fetch
globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    refusedRequests.push(`${init?.method ?? 'GET'} ${url.host}`)
    throw new Error(`W12 refuses network access to ${url.host}`)
  }
  return realFetch(input, init)
}) as typeof fetch

const statements = countPgStatements()
const plan = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as PeerPlan
const side =
  plan.side === 'mem0'
    ? await openMem0Side(plan)
    : plan.side === 'mastra'
      ? await openMastraSide(plan)
      : await openOursSide(plan)
// The write probe reads the side's database on a connection of its own, between searches.
const probe = plan.writeProbe
const reader = probe && plan.databaseUrl ? new pg.Client({ connectionString: plan.databaseUrl }) : undefined
await reader?.connect()
try {
  const outcome = await runPeerScenario(
    side,
    plan,
    statements,
    reader && probe
      ? (search, settle) =>
          measureWritesPerSearch(reader, probe.searches, probe.settleMs, search, settle, plan.dimensions)
      : undefined,
  )
  const result: PeerResult = {
    side: plan.side,
    node: process.version,
    describe: side.describe,
    ...outcome,
    refusedRequests,
  }
  await writeFile(plan.resultFile, JSON.stringify(result))
} finally {
  await reader?.end()
  await side.close()
}
// A library may leave a handle open (a timer, a client it never closes): the result is written.
process.exit(0)

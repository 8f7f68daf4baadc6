// W8, the CLI as a person feels it: wall time of a repeated `agent-memory search` on an embedded
// store, cold (each run boots PGlite) against a running store server (`agent-memory serve`), in the
// same run on the same data, with `--version` as the floor (Node start-up and the CLI's imports).
// Usage: node apps/bench/scripts/cliStoreServer.mjs [--memories 10000] [--runs 15]
// Needs the CLI built (npx -y pnpm@10 build).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(args[at + 1])
}
const memories = option('memories', 10_000)
const runs = option('runs', 15)
const bin = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url))
const dir = mkdtempSync(path.join(tmpdir(), 'am-w8-'))
const dataDir = path.join(dir, 'store')
const env = { ...process.env, NO_COLOR: '1' }
for (const key of ['DATABASE_URL', 'OPENROUTER_API_KEY', 'AGENT_MEMORY_DATA_DIR', 'AGENT_MEMORY_NAMESPACE'])
  delete env[key]

const topics = [
  'tea',
  'hiking',
  'piano',
  'Lisbon',
  'night shifts',
  'cats',
  'chess',
  'sourdough',
  'cycling',
  'Rust',
]
const verbs = ['likes', 'avoids', 'is learning', 'talks about', 'plans around', 'asked about']

function cli(...argv) {
  const started = performance.now()
  const result = spawnSync(process.execPath, [bin, ...argv], { env, encoding: 'utf8' })
  const ms = performance.now() - started
  if (result.status !== 0) throw new Error(`agent-memory ${argv.join(' ')} failed: ${result.stderr}`)
  return { ms, stderr: result.stderr }
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { min: sorted[0], p50: at(0.5), p90: at(0.9) }
}

const search = () => cli('search', 'which topics does the user like', '-n', 'bench', '--data-dir', dataDir)

try {
  const lines = []
  for (let i = 0; i < memories; i++) {
    const content = `Memory ${i}: the user ${verbs[i % verbs.length]} ${topics[(i * 7) % topics.length]} (note ${i % 97}).`
    lines.push(JSON.stringify({ content }))
  }
  const jsonl = path.join(dir, 'seed.jsonl')
  writeFileSync(jsonl, `${lines.join('\n')}\n`)
  const seeded = cli('ingest', jsonl, '-n', 'bench', '--data-dir', dataDir)
  process.stderr.write(`seeded ${memories} memories in ${(seeded.ms / 1000).toFixed(1)} s\n`)

  const version = []
  const cold = []
  for (let i = 0; i < runs; i++) version.push(cli('--version').ms)
  search() // the first open after the ingest may analyze; not part of the comparison
  for (let i = 0; i < runs; i++) cold.push(search().ms)

  const server = spawn(process.execPath, [bin, 'serve', '--data-dir', dataDir], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  await new Promise((resolve, reject) => {
    let log = ''
    server.stderr.on('data', (chunk) => {
      log += chunk
      if (/serving .* on /.test(log)) resolve()
    })
    server.on('exit', (code) => reject(new Error(`serve exited (${code}): ${log}`)))
  })
  const served = []
  const probe = search()
  if (!/served by process/.test(probe.stderr))
    throw new Error('the search did not go through the store server')
  for (let i = 0; i < runs; i++) served.push(search().ms)
  server.kill('SIGINT')
  await new Promise((resolve) => server.on('close', resolve))

  const rows = [
    ['`agent-memory --version` (floor)', summary(version)],
    ['`search`, cold (opens PGlite itself)', summary(cold)],
    ['`search` against `agent-memory serve`', summary(served)],
  ]
  const f = (ms) => `${(ms / 1000).toFixed(2)} s`
  console.log(
    `W8 — ${memories} memories, ${runs} runs each, Node ${process.version}, ${new Date().toISOString()}\n`,
  )
  console.log('| command | min | p50 | p90 |\n|---|---|---|---|')
  for (const [name, s] of rows) console.log(`| ${name} | ${f(s.min)} | ${f(s.p50)} | ${f(s.p90)} |`)
  console.log(
    `\ncold p50 / served p50 = ${(summary(cold).p50 / summary(served).p50).toFixed(1)}×; served p50 − --version p50 = ${f(summary(served).p50 - summary(version).p50)}`,
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}

import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { packageVersion } from './harness/packageVersion.js'
import { parseArgs } from './harness/parseArgs.js'
import { repoRoot } from './harness/repoRoot.js'
import { bm25Reference } from './locomo/bm25Reference.js'
import { compareVariants } from './locomo/compareVariants.js'
import { evaluateVariant, type VariantSpec } from './locomo/evaluateVariant.js'
import type { LocomoBackend } from './locomo/LocomoBackend.js'
import { loadLocomo } from './locomo/loadLocomo.js'
import { embeddedBackend } from './ours/embeddedBackend.js'
import { postgresBackend } from './ours/postgresBackend.js'
import type { LocomoRun, LocomoVariant } from './report/BenchReport.js'
import { writeReport } from './report/writeReport.js'

const VARIANTS: VariantSpec[] = [
  { mode: 'keyword', fusion: null },
  { mode: 'vector', fusion: null },
  { mode: 'hybrid', fusion: 'rrf' },
  { mode: 'hybrid', fusion: 'minmax' },
]

/** `pnpm eval:locomo [file] [--out DIR]`: turn-level retrieval on LoCoMo-shaped data. Returns the exit code. */
export async function runLocomo(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv)
  const log = (line: string) => console.log(`[locomo] ${line}`)
  const callerDir = process.env.INIT_CWD ?? process.cwd()
  const file = args.positional[0]
    ? resolve(callerDir, args.positional[0])
    : resolve(repoRoot, '../shared/eval/locomo-dev.json')
  const outDir = args.out ? resolve(callerDir, args.out) : join(repoRoot, 'docs')
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch {
    console.error(`[locomo] cannot read ${file}: pass the path of a LoCoMo-shaped JSON file`)
    return 2
  }
  const data = loadLocomo(JSON.parse(bytes.toString('utf8')))
  const turns = data.conversations.reduce((n, c) => n + c.turns.length, 0)
  const questions = data.conversations.reduce((n, c) => n + c.questions.length, 0)
  log(
    `${file}: ${data.conversations.length} conversations, ${turns} turns, ${questions} questions with evidence (${data.questionsWithoutEvidence} without, ${data.danglingEvidence} dangling evidence ids)`,
  )

  const embedder = createHashingEmbedder()
  const backends: LocomoBackend[] = [embeddedBackend(embedder.model)]
  const skipped: string[] = []
  if (process.env.DATABASE_URL) backends.push(postgresBackend(process.env.DATABASE_URL, embedder.model))
  else {
    skipped.push('Postgres: DATABASE_URL is not set')
    log('DATABASE_URL is not set: embedded (PGlite) only')
  }
  const variants: LocomoVariant[] = []
  for (const config of ['english', 'simple'] as const) {
    const reference = await bm25Reference(data, config)
    variants.push(reference)
    log(
      `${reference.backend}: R_any@5 ${(reference.overall.recallAny5 * 100).toFixed(1)}%, R_any@10 ${(reference.overall.recallAny10 * 100).toFixed(1)}%, MRR ${(reference.overall.mrr * 100).toFixed(1)}%`,
    )
  }
  if (args.only?.includes('REFERENCE')) backends.length = 0
  for (const backend of backends) {
    for (const spec of VARIANTS) variants.push(await evaluateVariant(data, backend, embedder, spec, log))
  }
  const comparisons: string[] = []
  for (const backend of backends) {
    const of = (mode: string, fusion: string | null) =>
      variants.find((v) => v.backend === backend.name && v.mode === mode && v.fusion === fusion)
    const pairs: Array<[string, string | null, string, string | null, string, string]> = [
      ['hybrid', 'rrf', 'hybrid', 'minmax', 'RRF', 'min-max'],
      ['hybrid', 'rrf', 'keyword', null, 'hybrid RRF', 'keyword-only'],
      ['hybrid', 'minmax', 'keyword', null, 'hybrid min-max', 'keyword-only'],
    ]
    for (const [ma, fa, mb, fb, na, nb] of pairs) {
      const a = of(ma, fa)
      const b = of(mb, fb)
      if (a && b) comparisons.push(compareVariants(a, b, na, nb))
    }
  }
  for (const line of comparisons) log(line)
  const run: LocomoRun = {
    generatedAt: new Date().toISOString(),
    command: `pnpm eval:locomo${argv.length ? ` ${argv.join(' ')}` : ''}`,
    file: args.positional[0] ?? '../shared/eval/locomo-dev.json',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    conversations: data.conversations.length,
    turns,
    questions,
    danglingEvidence: data.danglingEvidence,
    memoryShape:
      'one memory per turn in namespace `locomo-<sample_id>`, tier semantic, content `Speaker: text` (plus ' +
      '` [shared an image: <blip caption>]` when the turn shares one), metadata {dia_id, speaker, session, session_date}, ' +
      `createdAt = session date + turn position in seconds; embedder ${embedder.model} (offline, lexical); recall limit 10, ` +
      'service defaults otherwise; a fresh store per variant.',
    environment: {
      node: process.version,
      '@agent-memory/core': packageVersion('@agent-memory/core'),
      '@agent-memory/store-pgvector': packageVersion('@agent-memory/store-pgvector'),
    },
    variants,
    comparisons,
    skipped,
  }
  const written = await writeReport(outDir, { locomo: run })
  log(`wrote ${written.join(', ')}`)
  return 0
}

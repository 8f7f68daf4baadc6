import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { packageVersion } from './harness/packageVersion.js'
import { parseArgs } from './harness/parseArgs.js'
import { repoRoot } from './harness/repoRoot.js'
import { bm25Reference } from './locomo/bm25Reference.js'
import { compareVariants } from './locomo/compareVariants.js'
import type { DevSet } from './locomo/DevSet.js'
import { evaluateLoco } from './locomo/evaluateLoco.js'
import { evaluateVariant, type VariantSpec } from './locomo/evaluateVariant.js'
import { ingestLocomo } from './locomo/ingestLocomo.js'
import type { LocomoBackend } from './locomo/LocomoBackend.js'
import { loadLocomo } from './locomo/loadLocomo.js'
import { RANKING_ABLATION } from './locomo/RANKING_ABLATION.js'
import { RANKING_GRID } from './locomo/RANKING_GRID.js'
import { RANKING_WITHOUT_LENDING } from './locomo/RANKING_WITHOUT_LENDING.js'
import type { RankingCandidate } from './locomo/RankingCandidate.js'
import { runEmbedderEval } from './locomo/runEmbedderEval.js'
import { runKeywordLeg } from './locomo/runKeywordLeg.js'
import { embeddedBackend } from './ours/embeddedBackend.js'
import { postgresBackend } from './ours/postgresBackend.js'
import type { LocomoLoco, LocomoRun, LocomoVariant } from './report/BenchReport.js'
import { portableCommand } from './report/portableCommand.js'
import { writeReport } from './report/writeReport.js'

const VARIANTS: VariantSpec[] = [
  { mode: 'keyword', fusion: null },
  { mode: 'vector', fusion: null },
  { mode: 'hybrid', fusion: 'rrf' },
  { mode: 'hybrid', fusion: 'minmax' },
  {
    mode: 'hybrid',
    fusion: 'minmax',
    label: 'no lending, vector weight 0.3',
    options: RANKING_WITHOUT_LENDING,
  },
  { mode: 'keyword', fusion: null, label: 'no lending, vector weight 0.3', options: RANKING_WITHOUT_LENDING },
]

/** `LoCoMo dev` for `locomo-dev.json`, `RealMem dev` for `realmem-dev.json`, else the file's name. */
function devSetName(path: string): string {
  const name = basename(path).replace(/\.json$/, '')
  return name.replace(/^locomo-/, 'LoCoMo ').replace(/^realmem-/, 'RealMem ')
}

/**
 * `pnpm eval:locomo [file] [--out DIR]`: turn-level retrieval on LoCoMo-shaped data.
 * `--embedder hashing|use|openrouter [file…]` runs the per-embedder evaluation instead
 * (`runEmbedderEval`) on each file named, by default LoCoMo dev and RealMem dev beside it; with
 * `--smoke`, one conversation's first 60 questions per set, three settings, nothing written.
 * `LOCOMO_GRID=FILE` in the environment replaces `RANKING_GRID` with the settings listed there (a
 * JSON list of `RankingCandidate`): a sweep reads each one's paired comparisons in the log.
 * Returns the exit code.
 */
export async function runLocomo(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv)
  const log = (line: string) => console.log(`[locomo] ${line}`)
  const callerDir = process.env.INIT_CWD ?? process.cwd()
  const file = args.positional[0]
    ? resolve(callerDir, args.positional[0])
    : resolve(repoRoot, '../shared/eval/locomo-dev.json')
  const defaultRealmem = resolve(repoRoot, '../shared/eval/realmem-dev.json')
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

  const gridFile = args.embedder !== undefined ? process.env.LOCOMO_GRID : undefined
  const command = portableCommand(
    `${gridFile ? `LOCOMO_GRID=${gridFile} ` : ''}pnpm eval:locomo${argv.length ? ` ${argv.join(' ')}` : ''}`,
  )
  if (args.embedder !== undefined) {
    // Every file named (LoCoMo dev and, beside it, RealMem dev when none is named) is one dev set.
    const sets: DevSet[] = [{ name: devSetName(file), data }]
    const others = args.positional.length > 0 ? args.positional.slice(1) : [defaultRealmem]
    for (const other of others) {
      const path = resolve(callerDir, other)
      const text = await readFile(path, 'utf8').catch(() => undefined)
      if (text === undefined) {
        if (args.positional.length > 0) {
          console.error(`[locomo] cannot read ${path}: pass the path of a LoCoMo-shaped JSON file`)
          return 2
        }
        log(`${path} not found: LoCoMo dev alone`)
        continue
      }
      sets.push({ name: devSetName(path), data: loadLocomo(JSON.parse(text)) })
    }
    const evaluated = args.smoke
      ? sets.map((set) => ({
          ...set,
          data: {
            ...set.data,
            conversations: set.data.conversations
              .slice(0, 1)
              .map((c) => ({ ...c, questions: c.questions.slice(0, 60) })),
          },
        }))
      : sets
    let grid: RankingCandidate[] = RANKING_GRID
    if (gridFile) {
      const path = resolve(callerDir, gridFile)
      const text = await readFile(path, 'utf8').catch(() => undefined)
      const parsed = text === undefined ? undefined : (JSON.parse(text) as unknown)
      if (!Array.isArray(parsed) || parsed.length === 0) {
        console.error(`[locomo] ${path}: expected a JSON list of {label, mode, options} settings`)
        return 2
      }
      grid = parsed as RankingCandidate[]
    }
    await runEmbedderEval({
      name: args.embedder,
      sets: evaluated,
      grid: args.smoke ? grid.filter((_, i) => i % 8 === 0) : grid,
      command,
      cacheDir: join(repoRoot, 'apps/bench/.cache/embeddings'),
      outDir: args.smoke && !args.out ? undefined : outDir,
      log,
    })
    return 0
  }
  const embedder = createHashingEmbedder()
  const keywordLegRun = await runKeywordLeg(data, embedder, process.env.DATABASE_URL, command, log)
  if (args.only?.includes('KEYWORD')) {
    const written = await writeReport(outDir, { keywordLeg: keywordLegRun })
    log(`wrote ${written.join(', ')}`)
    return 0
  }
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
  let loco: LocomoLoco | undefined
  for (const backend of backends) {
    // One ingest per backend: the variants differ in ranking only, and reinforcement is off.
    const { store, close } = await backend.open('locomo', embedder.dimensions)
    try {
      const diaIds = await ingestLocomo(data, store, embedder)
      for (const spec of VARIANTS)
        variants.push(await evaluateVariant(data, diaIds, store, backend.name, embedder, spec, log))
      if (!loco) loco = await evaluateLoco(data, diaIds, store, embedder, RANKING_GRID, RANKING_ABLATION, log)
    } finally {
      await close()
    }
  }
  if (loco) {
    log(
      `leave-one-conversation-out over ${loco.grid.length} settings: R_any@5 ${(loco.overall.recallAny5 * 100).toFixed(1)}%, ` +
        `R_any@10 ${(loco.overall.recallAny10 * 100).toFixed(1)}%; folds ` +
        loco.folds
          .map((f) => `${f.conversation} ${(f.recallAny10 * 100).toFixed(1)}% (${f.chosen})`)
          .join(', '),
    )
  }
  const comparisons: string[] = []
  for (const backend of backends) {
    const of = (mode: string, fusion: string | null, label?: string) =>
      variants.find(
        (v) => v.backend === backend.name && v.mode === mode && v.fusion === fusion && v.label === label,
      )
    const pairs: Array<[LocomoVariant | undefined, LocomoVariant | undefined, string, string]> = [
      [
        of('hybrid', 'minmax'),
        of('hybrid', 'minmax', 'no lending, vector weight 0.3'),
        'default',
        'no lending, vector weight 0.3',
      ],
      [of('hybrid', 'minmax'), of('keyword', null), 'default', 'keyword-only'],
      [
        of('hybrid', 'minmax'),
        of('keyword', null, 'no lending, vector weight 0.3'),
        'default',
        'keyword-only, no lending',
      ],
      [of('hybrid', 'rrf'), of('hybrid', 'minmax'), 'RRF', 'min-max'],
    ]
    for (const [a, b, na, nb] of pairs) if (a && b) comparisons.push(compareVariants(a, b, na, nb))
  }
  for (const line of comparisons) log(line)
  const run: LocomoRun = {
    generatedAt: new Date().toISOString(),
    command,
    file: portableCommand(args.positional[0] ?? '../shared/eval/locomo-dev.json'),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    conversations: data.conversations.length,
    turns,
    questions,
    danglingEvidence: data.danglingEvidence,
    memoryShape:
      'one memory per turn in namespace `locomo-<sample_id>`, tier semantic, content `Speaker: text` (plus ' +
      '` [shared an image: <blip caption>]` when the turn shares one), metadata {stream (the namespace: one conversation, one stream), dia_id, speaker, session, session_date}, ' +
      `createdAt = session date + turn position in seconds; embedder ${embedder.model} (offline, lexical); recall limit 10, ` +
      'service defaults otherwise (`no lending, vector weight 0.3`: the baseline without conversation-neighbourhood lending and with ' +
      'min-max vector weight 0.3); one ingest per backend shared by every variant, with reinforcement off so no variant ' +
      "feeds another's ranking. Leave-one-conversation-out: on the first backend's store, leg results replayed per setting.",
    environment: {
      node: process.version,
      '@agent-memory/core': packageVersion('@agent-memory/core'),
      '@agent-memory/store-pgvector': packageVersion('@agent-memory/store-pgvector'),
    },
    variants,
    ...(loco ? { loco } : {}),
    comparisons,
    skipped,
  }
  const written = await writeReport(outDir, { locomo: run, keywordLeg: keywordLegRun })
  log(`wrote ${written.join(', ')}`)
  return 0
}

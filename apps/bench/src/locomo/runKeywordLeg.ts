import { loadavg } from 'node:os'
import type { Embedder } from '@agent-memory/core'
import {
  createPgVectorStore,
  migrate,
  openEmbeddedStore,
  type PgVectorStore,
} from '@agent-memory/store-pgvector'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { summarizeLatencies } from '../harness/summarizeLatencies.js'
import { createScratchDatabase } from '../pg/createScratchDatabase.js'
import { loggedPool } from '../pg/loggedPool.js'
import type { KeywordLegRun } from '../report/BenchReport.js'
import { bm25ReferenceRankings } from './bm25ReferenceRankings.js'
import { type KeywordLegResult, keywordLeg } from './keywordLeg.js'
import type { LocomoData } from './LocomoData.js'
import { recordPgliteStatements } from './recordPgliteStatements.js'
import { recordPoolStatements } from './recordPoolStatements.js'
import { StatementLog } from './StatementLog.js'

interface Opened {
  store: PgVectorStore
  close(): Promise<void>
  /** The p50 target for this backend (ms). */
  targetP50Ms: number
  /** Where the backend's statements are recorded during the timed searches, if they can be. */
  statements?: StatementLog
  /** One `SELECT 1` on the store's database (the floor every statement pays). */
  roundTrip?: () => Promise<unknown>
}

/** The keyword leg's p50 targets on LoCoMo namespaces. */
const POSTGRES_TARGET_MS = 3
const PGLITE_TARGET_MS = 8

/** `SELECT 1` round trips timed after the leg, for its floor. */
const ROUND_TRIPS = 200

/** p50 of `ROUND_TRIPS` timed calls of `roundTrip` (NaN without one). */
async function roundTripP50(roundTrip: (() => Promise<unknown>) | undefined): Promise<number> {
  if (roundTrip === undefined) return Number.NaN
  const samples: number[] = []
  for (let i = 0; i < ROUND_TRIPS; i++) {
    const started = process.hrtime.bigint()
    await roundTrip()
    samples.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  return summarizeLatencies(samples).p50
}

/**
 * The keyword leg alone on each backend, in one run: the embedded store (its in-process index),
 * the same PGlite through the SQL BM25 (what the embedded store did before), and PostgreSQL
 * when `databaseUrl` is given. No vector index anywhere: only the keyword leg is measured. On the
 * two SQL backends the timed searches' statements are recorded too (how many, how long the client
 * waited for each, against a bare `SELECT 1`), so a missed target comes with its measured reason.
 */
export async function runKeywordLeg(
  data: LocomoData,
  embedder: Embedder,
  databaseUrl: string | undefined,
  command: string,
  log: (line: string) => void,
): Promise<KeywordLegRun> {
  const loadAverage = loadavg()
  const referenceDb = await PGlite.create()
  const reference = await bm25ReferenceRankings(referenceDb, data, 'english')
  const lexemeLengthReference = await bm25ReferenceRankings(referenceDb, data, 'english', 'lexemes').finally(
    () => referenceDb.close(),
  )
  const referenceP50Ms = summarizeLatencies(reference.map((r) => r.ms)).p50
  const dimensions = embedder.dimensions
  const model = embedder.model
  const backends: Array<[string, () => Promise<Opened>]> = [
    [
      'embedded (PGlite): in-process index',
      async () => {
        const store = await openEmbeddedStore({ dimensions, model, annIndex: false, handleSignals: false })
        return { store, close: () => store.close(), targetP50Ms: PGLITE_TARGET_MS }
      },
    ],
    [
      'PGlite: SQL BM25',
      async () => {
        const db = await PGlite.create({ extensions: { vector } })
        await migrate(db, { dimensions, annIndex: false })
        const statements = new StatementLog()
        recordPgliteStatements(db, statements)
        const store = await createPgVectorStore({ db, dimensions, model })
        return {
          store,
          targetP50Ms: PGLITE_TARGET_MS,
          statements,
          roundTrip: () => db.query('SELECT 1'),
          close: async () => {
            await store.close()
            await db.close()
          },
        }
      },
    ],
  ]
  if (databaseUrl !== undefined) {
    backends.push([
      'Postgres: SQL BM25',
      async () => {
        const db = await createScratchDatabase(databaseUrl, `agent_memory_bench_${process.pid}_keyword_leg`)
        const pool = loggedPool({ connectionString: db.url, max: 4 })
        const statements = new StatementLog()
        recordPoolStatements(pool, statements)
        await migrate(pool, { dimensions, annIndex: false })
        const store = await createPgVectorStore({ pool, dimensions, model })
        return {
          store,
          targetP50Ms: POSTGRES_TARGET_MS,
          statements,
          roundTrip: () => pool.query('SELECT 1'),
          close: async () => {
            await store.close()
            await pool.end()
            await db.drop()
          },
        }
      },
    ])
  }
  const results: KeywordLegResult[] = []
  for (const [name, open] of backends) {
    const opened = await open()
    try {
      const measured = await keywordLeg(
        data,
        name,
        opened.store,
        embedder,
        reference,
        lexemeLengthReference,
        opened.statements,
      )
      const breakdown = opened.statements?.summarize(await roundTripP50(opened.roundTrip))
      const result = {
        ...measured,
        targetP50Ms: opened.targetP50Ms,
        ...(breakdown === undefined ? {} : { breakdown }),
      }
      results.push(result)
      log(
        `keyword leg, ${name}: p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms ` +
          `(${(result.p50Ms / referenceP50Ms).toFixed(1)}x the JS reference's ${referenceP50Ms.toFixed(2)} ms); ` +
          `first search of a namespace ${result.firstSearchMs.toFixed(1)} ms; top 10 = reference for ` +
          `${result.identical}/${result.questions}, same 10 turns for ${result.sameSet}, top 10 = the reference ` +
          `with distinct-lexeme lengths for ${result.identicalLexemeLength}`,
      )
      if (breakdown !== undefined) {
        log(
          `  ${breakdown.statementsPerSearch.toFixed(2)} statements per search, ${breakdown.inStatementsP50Ms.toFixed(2)} ms ` +
            `p50 in them, ${breakdown.outsideStatementsP50Ms.toFixed(2)} ms outside; SELECT 1 ${breakdown.roundTripP50Ms.toFixed(3)} ms; ` +
            breakdown.statements
              .map((s) => `${s.kind} ×${s.perSearch.toFixed(2)} p50 ${s.p50Ms.toFixed(2)} ms`)
              .join(', '),
        )
      }
    } finally {
      await opened.close()
    }
  }
  const sqlPglite = results.find((r) => r.backend === 'PGlite: SQL BM25')
  const indexed = results.find((r) => r.backend.includes('in-process'))
  const notes: string[] = []
  if (sqlPglite && indexed) {
    notes.push(
      `Same run, same PGlite build: the in-process index answers in ${(indexed.p50Ms / sqlPglite.p50Ms).toFixed(3)}x ` +
        'the time of the SQL BM25 (p50).',
    )
  }
  notes.push(
    'Both SQL rows rank with BM25 statistics maintained on write (migration 0003: document frequencies and ' +
      'corpus size read from trigger-kept tables, not counted per query); `openEmbeddedStore` turns those ' +
      'triggers off, its keyword leg being the in-process index.',
  )
  notes.push(
    "Differences from the reference are by construction: the reference analyses each turn's raw text with " +
      "`to_tsvector('english')` and takes a document's length as its token count; the store splits words in JS " +
      '(`segmentWords`: Latin words through `english`, other scripts through `simple`) and normalizes by the ' +
      'number of distinct lexemes (`length(tsvector)`); ties go to the lower memory id, not the earlier turn.',
  )
  for (const note of notes) log(note)
  return { generatedAt: new Date().toISOString(), command, loadAverage, referenceP50Ms, results, notes }
}

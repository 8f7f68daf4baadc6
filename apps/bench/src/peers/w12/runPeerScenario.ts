import { readFile } from 'node:fs/promises'
import { performance } from 'node:perf_hooks'
import { createRng } from '../../harness/createRng.js'
import { summarizeLatencies } from '../../harness/summarizeLatencies.js'
import { synthesizeText } from '../../harness/synthesizeText.js'
import { loadLocomo } from '../../locomo/loadLocomo.js'
import { turnContent } from '../../locomo/turnContent.js'
import type { PeerPlan } from './PeerPlan.js'
import type { PeerResult, PeerSearchResult, WritesPerSearch } from './PeerResult.js'
import type { PeerSide } from './PeerSide.js'

const TEXT_SEED = 0x12a
const QUERY_SEED = 0x12b
const PROBE_SEED = 0x12c
const SOLO = 'solo-user'

/**
 * The W12 scenario on one side, identical for every side (same texts, same queries, same order):
 * one user's memories written in batches with search measured at each checkpoint, then many
 * users × `perUser` memories with search over random users, then LoCoMo (one user per
 * conversation). Every hit is checked against who wrote it (isolation) and every answer's size
 * against min(k, the user's memories) (completeness). With `measureWrites` (and
 * `plan.writeProbe`), searches of the one user from a query stream of their own, between the
 * many users and LoCoMo, measure what a search writes.
 */
export async function runPeerScenario(
  side: PeerSide,
  plan: PeerPlan,
  statements: () => number = () => 0,
  measureWrites?: (search: () => Promise<void>, settle: () => Promise<void>) => Promise<WritesPerSearch>,
): Promise<Omit<PeerResult, 'side' | 'node' | 'describe' | 'refusedRequests'>> {
  const owner = new Map<string, string>()
  const rowsOf = new Map<string, number>()
  const textRng = createRng(TEXT_SEED)
  const queryRng = createRng(QUERY_SEED)
  const write = async (user: string, texts: string[]) => {
    for (let start = 0; start < texts.length; start += plan.batch) {
      await side.add(user, texts.slice(start, start + plan.batch))
    }
    for (const text of texts) owner.set(text, user)
    rowsOf.set(user, (rowsOf.get(user) ?? 0) + texts.length)
  }
  const measure = async (
    label: string,
    users: () => string,
    rowsInStore: number,
  ): Promise<PeerSearchResult> => {
    const asked = Array.from({ length: plan.warmup + plan.queries }, () => ({
      user: users(),
      query: synthesizeText(queryRng, 60),
    }))
    const samples: number[] = []
    let complete = 0
    let violations = 0
    let unknownHits = 0
    let rowsPerUser = 0
    let sent = 0
    let settle = { roundTrips: 0, ms: 0 }
    for (const [i, { user, query }] of asked.entries()) {
      if (i === plan.warmup) {
        // The warm-up's searches set off what a library does once after growth (ours: the
        // namespace's index build and calibration, its keyword index's load): waited out before
        // the window, its cost reported apart, so the window measures searching, not that upkeep.
        const at = statements()
        const t = performance.now()
        await side.settle?.()
        settle = { roundTrips: statements() - at, ms: performance.now() - t }
      }
      const before = statements()
      const t0 = performance.now()
      const hits = await side.search(user, query, plan.k)
      const ms = performance.now() - t0
      if (i < plan.warmup) continue
      samples.push(ms)
      sent += statements() - before
      const rows = rowsOf.get(user) ?? 0
      rowsPerUser = Math.max(rowsPerUser, rows)
      if (new Set(hits).size >= Math.min(plan.k, rows)) complete++
      for (const hit of hits) {
        const who = owner.get(hit)
        if (who === undefined) unknownHits++
        else if (who !== user) violations++
      }
    }
    const summary = summarizeLatencies(samples)
    return {
      label,
      rowsPerUser,
      rowsInStore,
      queries: samples.length,
      p50Ms: summary.p50,
      p99Ms: summary.p99,
      complete,
      violations,
      unknownHits,
      statementsPerQuery: samples.length ? sent / samples.length : 0,
      settle,
    }
  }

  // One user, growing; search at each checkpoint.
  const search: PeerSearchResult[] = []
  let written = 0
  let soloMs = 0
  let lastText = ''
  for (const checkpoint of plan.checkpoints) {
    const texts: string[] = []
    for (; written < checkpoint; written++) texts.push(`${synthesizeText(textRng, 160)} (#${written})`)
    lastText = texts.at(-1) ?? lastText
    const t0 = performance.now()
    await write(SOLO, texts)
    soloMs += performance.now() - t0
    search.push(await measure(`1 user × ${checkpoint}`, () => SOLO, written))
  }
  const lastFoundByItsText = (await side.search(SOLO, lastText, plan.k)).includes(lastText)

  // Many users, `perUser` memories each, beside the large one.
  const users = Array.from({ length: plan.users }, (_, u) => `user-${u}`)
  const t1 = performance.now()
  for (const user of users) {
    const texts = Array.from(
      { length: plan.perUser },
      (_, i) => `${synthesizeText(textRng, 160)} (#${user}-${i})`,
    )
    await write(user, texts)
  }
  const usersMs = performance.now() - t1
  if (users.length > 0)
    search.push(
      await measure(
        `${plan.users} users × ${plan.perUser} (+ 1 × ${plan.solo})`,
        () => users[queryRng.int(users.length)]!,
        plan.solo + plan.users * plan.perUser,
      ),
    )

  const probeRng = createRng(PROBE_SEED)
  const writesPerSearch = measureWrites
    ? await measureWrites(
        async () => {
          await side.search(SOLO, synthesizeText(probeRng, 60), plan.k)
        },
        async () => {
          await side.settle?.()
        },
      )
    : undefined

  return {
    soloIngest: { memories: plan.solo, ms: soloMs, lastFoundByItsText },
    usersIngest: { memories: plan.users * plan.perUser, ms: usersMs },
    search,
    ...(writesPerSearch ? { writesPerSearch } : {}),
    ...(plan.locomo ? { locomo: await runLocomoOn(side, plan) } : {}),
  }
}

/** LoCoMo turn-level recall_any@10 through the side's own search, one user per conversation. */
async function runLocomoOn(side: PeerSide, plan: PeerPlan): Promise<NonNullable<PeerResult['locomo']>> {
  const locomo = plan.locomo!
  const data = loadLocomo(JSON.parse(await readFile(locomo.file, 'utf8')))
  const conversations = data.conversations.slice(0, locomo.conversations)
  let questions = 0
  let found = 0
  let ingestMs = 0
  const samples: number[] = []
  for (const conversation of conversations) {
    const user = `locomo-${conversation.sampleId}`
    const diaIdsOf = new Map<string, Set<string>>()
    for (const turn of conversation.turns) {
      const content = turnContent(turn)
      const set = diaIdsOf.get(content) ?? new Set<string>()
      set.add(turn.diaId)
      diaIdsOf.set(content, set)
    }
    const contents = conversation.turns.map(turnContent)
    const t0 = performance.now()
    for (let start = 0; start < contents.length; start += plan.batch)
      await side.add(user, contents.slice(start, start + plan.batch))
    ingestMs += performance.now() - t0
    for (const question of conversation.questions.slice(0, locomo.questionsPerConversation)) {
      if (question.evidence.length === 0) continue
      const t1 = performance.now()
      const hits = await side.search(user, question.question, 10)
      samples.push(performance.now() - t1)
      questions++
      const evidence = new Set(question.evidence)
      if (hits.slice(0, 10).some((hit) => [...(diaIdsOf.get(hit) ?? [])].some((id) => evidence.has(id))))
        found++
    }
  }
  return {
    conversations: conversations.length,
    questions,
    recallAny10: questions ? found / questions : Number.NaN,
    p50Ms: summarizeLatencies(samples).p50,
    ingestMs,
  }
}

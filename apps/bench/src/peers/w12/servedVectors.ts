import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Embedder } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createUseEmbedder } from '@agent-memory/embedder-use'
import { diskCachedEmbedder } from '../../locomo/diskCachedEmbedder.js'
import type { PeerPlan } from './PeerPlan.js'
import type { PeerSide } from './PeerSide.js'
import { runPeerScenario } from './runPeerScenario.js'

const EMBED_SLICE = 64

/** The vectors the shared embeddings server serves in a W12 pass. */
export interface ServedVectors {
  /** The embedder behind them, as the report names it. */
  description: string
  embed(inputs: string[]): Promise<Float32Array[]>
  /** Texts embedded while a side ran (not embedded beforehand) since the last call, and the ms spent. */
  takeOnDemand(): { texts: number; ms: number }
  /** The texts embedded before any side ran, and how long that took (embedder-use only). */
  prewarmed?: { texts: number; ms: number }
  /** Keeps the vectors for the next run (embedder-use: `apps/bench/.cache/embeddings`). */
  save(): Promise<void>
}

/**
 * The hashing embedder's vectors, computed as asked (microseconds a text), or embedder-use's. The
 * semantic model takes milliseconds a text on this process's CPU, so every text of the run is
 * embedded before any side runs and kept on disk for the next run: those the scenario writes or
 * searches (`plan`'s, recorded by running it against a side that only listens) and those the sides
 * asked for in an earlier pass of the same plan (mem0 embeds the entities it finds in each text and
 * query), which every pass records. Whatever a side asks beyond those is embedded when asked and
 * reported for that side.
 */
export async function servedVectors(
  kind: 'hashing' | 'use',
  plan: PeerPlan,
  repoRoot: string,
  log: (line: string) => void,
): Promise<ServedVectors> {
  let onDemand = { texts: 0, ms: 0 }
  const takeOnDemand = () => {
    const taken = onDemand
    onDemand = { texts: 0, ms: 0 }
    return taken
  }
  const cacheDir = join(repoRoot, 'apps', 'bench', '.cache', 'embeddings')
  const askedFile = join(cacheDir, `w12-asked-${planSignature(plan)}.json`)
  const asked = new Set<string>(
    await readFile(askedFile, 'utf8').then(
      (text) => JSON.parse(text) as string[],
      () => [],
    ),
  )
  const askedBefore = asked.size
  const saveAsked = async () => {
    if (asked.size === askedBefore) return
    await mkdir(cacheDir, { recursive: true })
    await writeFile(askedFile, JSON.stringify([...asked]))
  }
  if (kind === 'hashing') {
    const hashing = createHashingEmbedder({ dimensions: plan.dimensions })
    return {
      description: `the hashing embedder (${plan.dimensions}-d, lexical)`,
      embed: (inputs) => {
        for (const text of inputs) asked.add(text)
        return hashing.embed(inputs)
      },
      takeOnDemand,
      save: saveAsked,
    }
  }
  const use = createUseEmbedder()
  const cached = await diskCachedEmbedder(use, join(cacheDir, 'w12-use.json'))
  const texts = [...new Set([...(await scenarioTexts(plan)), ...asked])]
  log(
    `W12 embedder-use: ${texts.length} texts to embed before the sides run (${askedBefore} asked by sides before)`,
  )
  const t0 = performance.now()
  for (let start = 0; start < texts.length; start += EMBED_SLICE) {
    await cached.embedder.embed(texts.slice(start, start + EMBED_SLICE))
    if (start % (EMBED_SLICE * 50) === 0) log(`W12 embedder-use: ${start} of ${texts.length} texts embedded`)
  }
  const prewarmed = { texts: texts.length, ms: performance.now() - t0 }
  await cached.save()
  takeOnDemand()
  return {
    description: `embedder-use (${use.model}, ${use.dimensions}-d, semantic), offline`,
    embed: (inputs) => {
      for (const text of inputs) asked.add(text)
      return embedCounted(cached, inputs, (count, ms) => {
        onDemand = { texts: onDemand.texts + count, ms: onDemand.ms + ms }
      })
    },
    takeOnDemand,
    prewarmed,
    save: async () => {
      await cached.save()
      await saveAsked()
    },
  }
}

/** The plan's sizes, hashed: texts asked under one plan are the texts of the next run of it. */
function planSignature(plan: PeerPlan): string {
  const { solo, checkpoints, users, perUser, queries, warmup, k, batch, locomo, writeProbe } = plan
  const shape = {
    solo,
    checkpoints,
    users,
    perUser,
    queries,
    warmup,
    k,
    batch,
    locomo,
    probe: writeProbe?.searches,
  }
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 12)
}

async function embedCounted(
  cached: { embedder: Embedder; hits(): number },
  inputs: string[],
  count: (texts: number, ms: number) => void,
): Promise<Float32Array[]> {
  const hits = cached.hits()
  const t0 = performance.now()
  const vectors = await cached.embedder.embed(inputs)
  const missed = inputs.length - (cached.hits() - hits)
  if (missed > 0) count(missed, performance.now() - t0)
  return vectors
}

/** Every text the scenario writes or searches, in order, from a run against a side that only listens. */
async function scenarioTexts(plan: PeerPlan): Promise<string[]> {
  const texts = new Set<string>()
  const listener: PeerSide = {
    describe: {},
    add: async (_user, written) => {
      for (const text of written) texts.add(text)
    },
    search: async (_user, query) => {
      texts.add(query)
      return []
    },
    close: async () => {},
  }
  const probe = plan.writeProbe
  await runPeerScenario(
    listener,
    plan,
    () => 0,
    probe
      ? async (search) => {
          for (let i = 0; i < probe.searches; i++) await search()
          return {
            searches: 0,
            dimensions: plan.dimensions,
            walBytes: 0,
            serverWalBytes: 0,
            rowVersions: 0,
            updates: 0,
            hotUpdates: 0,
            memoriesRowVersions: 0,
          }
        }
      : undefined,
  )
  return [...texts]
}

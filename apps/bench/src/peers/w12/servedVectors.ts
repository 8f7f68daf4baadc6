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
 * semantic model takes milliseconds a text on this process's CPU, so every text the scenario will
 * write or search (`plan`'s, recorded by running the scenario against a side that only listens) is
 * embedded before any side runs, and kept on disk for the next run: no side's figures include the
 * model's time for them. What a side asks beyond those (its own prefixes, entities) is embedded when
 * asked and reported per side.
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
  if (kind === 'hashing') {
    const hashing = createHashingEmbedder({ dimensions: plan.dimensions })
    return {
      description: `the hashing embedder (${plan.dimensions}-d, lexical)`,
      embed: (inputs) => hashing.embed(inputs),
      takeOnDemand,
      save: async () => {},
    }
  }
  const use = createUseEmbedder()
  const file = join(repoRoot, 'apps', 'bench', '.cache', 'embeddings', 'w12-use.json')
  const cached = await diskCachedEmbedder(use, file)
  const texts = await scenarioTexts(plan)
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
    embed: (inputs) =>
      embedCounted(cached, inputs, (texts, ms) => {
        onDemand = { texts: onDemand.texts + texts, ms: onDemand.ms + ms }
      }),
    takeOnDemand,
    prewarmed,
    save: () => cached.save(),
  }
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
            walBytes: 0,
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

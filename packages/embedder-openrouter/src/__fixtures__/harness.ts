import { randomBytes } from 'node:crypto'
import {
  type FakeEmbeddingsServer,
  type FakeEmbeddingsServerOptions,
  fakeEmbedding,
  startFakeEmbeddingsServer,
} from '@agent-memory/testkit'
import { createOpenRouterEmbedder } from '../createOpenRouterEmbedder.js'
import type { EmbeddingUsage, OpenRouterEmbedderOptions } from '../OpenRouterEmbedderOptions.js'

/** A canary API key, assembled at runtime so the literal never appears in the source. */
export function canaryKey(): string {
  return ['sk', 'or', 'v1', 'canary', randomBytes(16).toString('hex')].join('-')
}

/**
 * An embedder pointed at a fake server, with a fake clock: `sleep` records each delay and
 * advances `now` instead of waiting, so retry tests run instantly.
 */
export async function setUp(
  options: OpenRouterEmbedderOptions = {},
  serverOptions: FakeEmbeddingsServerOptions = {},
) {
  const dimensions = serverOptions.dimensions ?? 16
  const server: FakeEmbeddingsServer = await startFakeEmbeddingsServer({ ...serverOptions, dimensions })
  const apiKey = options.apiKey ?? canaryKey()
  const sleeps: number[] = []
  const usages: EmbeddingUsage[] = []
  const clock = { now: 1_800_000_000_000 }
  const embedder = createOpenRouterEmbedder({
    baseURL: server.url,
    apiKey,
    dimensions,
    random: () => 0.5,
    now: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms)
      clock.now += ms
    },
    onUsage: (usage) => usages.push(usage),
    ...options,
  })
  return { server, embedder, apiKey, sleeps, usages, clock }
}

export const texts = (count: number, prefix = 'memory') =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i}`)

/** The fake server's vectors for `inputs`, as plain arrays (what `asArrays` makes of an answer). */
export const expected = (inputs: string[], dimensions = 16) =>
  inputs.map((text) => Array.from(fakeEmbedding(text, dimensions)))

/** An embedder's answer as plain arrays, to compare with `expected`. */
export const asArrays = (vectors: Float32Array[]) => vectors.map((vector) => Array.from(vector))

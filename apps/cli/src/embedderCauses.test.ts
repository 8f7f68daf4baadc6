import path from 'node:path'
import type { EmbeddingsFault } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useFakeEmbedder } from './__fixtures__/useFakeEmbedder.js'

const API_KEY = 'sk-or-v1-embedder-causes-0123456789abcdef0'

describe('agent-memory reports why the embedder failed (subprocess, fake server on 127.0.0.1)', () => {
  let fault: EmbeddingsFault = { kind: 'ok' }
  const fake = useFakeEmbedder({ apiKey: API_KEY, faults: () => fault })

  // Each used to end as "the embedder did not answer within 5000 ms" after 6–9 requests.
  it.each([
    [{ kind: 'status', status: 500 } as EmbeddingsFault, /HTTP 500/, 6],
    [{ kind: 'rateLimit' } as EmbeddingsFault, /HTTP 429/, 6],
    [{ kind: 'html' } as EmbeddingsFault, /the body is not valid JSON/, 2],
    [{ kind: 'malformedJson' } as EmbeddingsFault, /the body is not valid JSON/, 2],
    [
      { kind: 'errorBody', message: 'no provider available', code: 503 } as EmbeddingsFault,
      /error body: no provider available/,
      6,
    ],
    [{ kind: 'fewer' } as EmbeddingsFault, /expected 1 embeddings, got 0/, 2],
    [{ kind: 'nonFinite', value: null } as EmbeddingsFault, /non-finite value/, 2],
  ])('%o: stored pending, and --debug names the cause', async (scripted, cause, maxRequests) => {
    fault = scripted
    const before = fake.server.requests.length
    const result = await runCli(
      [
        'remember',
        `Pia keeps notes about ${scripted.kind}`,
        '-n',
        'pia',
        '--json',
        '--debug',
        '--data-dir',
        path.join(fake.dir, 'store'),
        '--base-url',
        fake.server.url,
      ],
      { env: { OPENROUTER_API_KEY: API_KEY } },
    )
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ degraded: 'pending_embed' })
    expect(result.stderr).toMatch(/debug: remember\.embed: /)
    expect(result.stderr).toMatch(cause)
    expect(result.stderr).not.toMatch(/did not answer within/)
    expect(result.stderr).not.toContain(API_KEY)
    expect(fake.server.requests.length - before).toBeLessThanOrEqual(maxRequests)
  })
})

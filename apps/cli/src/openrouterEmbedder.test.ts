import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useFakeEmbedder } from './__fixtures__/useFakeEmbedder.js'

const API_KEY = 'sk-or-v1-cli-test-0123456789abcdef0123456789'

describe('agent-memory with an OpenAI-compatible embedder (subprocess, fake server on 127.0.0.1)', () => {
  const fake = useFakeEmbedder({ apiKey: API_KEY })

  it('switches from the hashing embedder with reembed, stores pending when the embedder fails, and repairs', async () => {
    const dataDir = path.join(fake.dir, 'store')
    const offline = await runCli([
      'remember',
      'Nora collects vinyl records',
      '-n',
      'nora',
      '--data-dir',
      dataDir,
    ])
    expect(offline.code).toBe(0)

    const online = (...args: string[]) =>
      runCli([...args, '--data-dir', dataDir, '--base-url', fake.server.url], {
        env: { OPENROUTER_API_KEY: API_KEY },
      })

    const refused = await online('search', 'records', '-n', 'nora')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      // The offline default is 512-d, OpenRouter's 1536-d: the width is named first, then the way out.
      /embedder mismatch: the store holds 512-dimensional vectors but this command embeds with 1536-dimensional vectors; run `agent-memory reembed`/,
    )
    expect(fake.server.requests).toHaveLength(0)

    const reembed = await online('reembed', '--json')
    expect(reembed.code).toBe(0)
    expect(JSON.parse(reembed.stdout)).toMatchObject({
      model: 'openai/text-embedding-3-small',
      queued: 1,
      repaired: 1,
      remaining: 0,
    })
    // It says which embedder it uses, and never prints the key.
    expect(reembed.stderr).toContain(
      `embedder openrouter (openai/text-embedding-3-small, 1536 dimensions, ${fake.server.url})`,
    )
    expect(reembed.stderr).not.toContain(API_KEY)
    expect(fake.server.requests.at(-1)?.headers.authorization).toBe(
      fake.server.authorizationHash(`Bearer ${API_KEY}`),
    )

    fake.server.script({ kind: 'status', status: 400 })
    const degraded = await online('remember', 'Nora plays the bass guitar', '-n', 'nora', '--json')
    expect(degraded.code).toBe(0)
    const pending = JSON.parse(degraded.stdout)
    expect(pending).toMatchObject({ status: 'inserted', degraded: 'pending_embed' })
    const stats = JSON.parse((await online('stats', '--json')).stdout)
    expect(stats.totals.pending).toBe(1)

    const repaired = await online('repair', '--json')
    expect(repaired.code).toBe(0)
    expect(JSON.parse(repaired.stdout)).toMatchObject({ repaired: 1, failed: 0 })
    const found = JSON.parse(
      (await online('search', 'bass guitar', '-n', 'nora', '--json', '--mode', 'vector')).stdout,
    )
    expect(found.hits.map((hit: { memory: { id: string } }) => hit.memory.id)).toContain(pending.id)
    expect(
      found.hits.find((hit: { memory: { id: string } }) => hit.memory.id === pending.id).memory.embedState,
    ).toBe('ok')
  })
})

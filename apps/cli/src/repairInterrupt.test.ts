import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startCli } from './__fixtures__/cliProcess.js'
import { useFakeEmbedder } from './__fixtures__/useFakeEmbedder.js'

const API_KEY = 'sk-or-v1-repair-interrupt-0123456789abcdef01'

describe('agent-memory repair interrupted by Ctrl-C (subprocess, fake embedder on 127.0.0.1)', () => {
  const fake = useFakeEmbedder({ apiKey: API_KEY })

  it('aborts the in-flight embed request at once instead of waiting out the 30 s embed budget', async () => {
    const dataDir = path.join(fake.dir, 'store')
    const online = ['--data-dir', dataDir, '--embedder', 'openrouter', '--base-url', fake.server.url]
    const env = { OPENROUTER_API_KEY: API_KEY }
    fake.server.script({ kind: 'status', status: 400 })
    const stored = await runCli(['remember', 'Olga repairs clocks', '-n', 'olga', '--json', ...online], {
      env,
    })
    expect(JSON.parse(stored.stdout)).toMatchObject({ degraded: 'pending_embed' })

    // The embedder now never answers: only an abort ends the repair's request.
    fake.server.script({ kind: 'hang' })
    const before = fake.server.requests.length
    const repair = await startCli(['repair', ...online], /embedder openrouter/, { env })
    while (fake.server.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 20))
    const interruptedAt = Date.now()
    repair.child.kill('SIGINT')
    const code = await repair.stop()
    const tookMs = Date.now() - interruptedAt
    expect(code).toBe(130)
    // Waiting out the request took the repair budget (30 s); an abort takes the time to close the store.
    expect(tookMs).toBeLessThan(10_000)
    expect(repair.stderr()).not.toMatch(/\n\s+at /)

    // The interrupted attempt was given back, not counted: no error, no backoff, no lease, so the
    // next run embeds it at once instead of reporting "repaired 0 of 0" for the next 10 minutes.
    const { id } = JSON.parse(stored.stdout) as { id: string }
    const after = JSON.parse((await runCli(['get', id, '-n', 'olga', '--json', ...online], { env })).stdout)
    expect(after.repair).toEqual({
      namespace: 'olga',
      id,
      embedState: 'pending',
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
    })
    const rerun = await runCli(['repair', '--json', ...online], { env })
    expect(rerun.code).toBe(0)
    expect(JSON.parse(rerun.stdout)).toMatchObject({ claimed: 1, repaired: 1, failed: 0, issues: [] })
  })
})

import path from 'node:path'
import { CLI_JSON_SCHEMAS } from '@agent-memory/cli/json'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useFakeEmbedder } from './__fixtures__/useFakeEmbedder.js'

const API_KEY = 'sk-or-v1-repair-reasons-0123456789abcdef0123'

describe('repair and get say why a memory has no vector (subprocess, fake embedder on 127.0.0.1)', {
  timeout: 300_000,
}, () => {
  /** The memory the first case leaves pending, for the second. */
  let id_ = ''
  const fake = useFakeEmbedder({ apiKey: API_KEY })
  const cli = (...args: string[]) =>
    runCli(
      [
        ...args,
        '--data-dir',
        path.join(fake.dir, 'store'),
        '--embedder',
        'openrouter',
        '--base-url',
        fake.server.url,
      ],
      { env: { OPENROUTER_API_KEY: API_KEY } },
    )

  it('shows the last error (redacted: no key, no stack) and the next attempt time, in text', async () => {
    // Not retryable: the write stores it pending at once; a proxy that echoes the key back in its error.
    fake.server.script({ kind: 'echoAuth', status: 401 })
    const stored = await cli('remember', 'Rosa tunes pianos', '-n', 'rosa', '--json')
    const { id } = CLI_JSON_SCHEMAS.remember.parse(JSON.parse(stored.stdout))

    fake.server.script({ kind: 'echoAuth', status: 401 })
    const repair = await cli('repair', '-n', 'rosa')
    expect(repair.code).toBe(1)
    expect(repair.stdout).toMatch(/^repaired 0 of 1 claimed; 1 failed and will be retried later\nwhy:\n/u)
    expect(repair.stdout).toMatch(new RegExp(`1 memory \\(${id}\\): EmbeddingError: .*401`, 'u'))
    // The backoff is short (jitter from 0): by the time it prints it may already be due.
    expect(repair.stdout).toMatch(
      /next attempt (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(in \d+ (s|min)\)|at the next repair)/u,
    )

    const detail = await cli('get', id, '-n', 'rosa')
    expect(detail.stdout).toMatch(/^embedding +pending$/mu)
    expect(detail.stdout).toMatch(/^attempts +1$/mu)
    expect(detail.stdout).toMatch(/^last error +EmbeddingError: .*401/mu)
    expect(detail.stdout).toMatch(/^next attempt +(\d{4}-|at the next repair)/mu)
    for (const output of [repair.stdout, repair.stderr, detail.stdout]) {
      expect(output).not.toContain(API_KEY)
      expect(output).not.toMatch(/\n\s+at /u)
    }
    id_ = id
  })

  it('get --json and repair --json carry the same record', async () => {
    const id = id_
    const json = CLI_JSON_SCHEMAS.get.parse(JSON.parse((await cli('get', id, '-n', 'rosa', '--json')).stdout))
    expect(json.repair).toMatchObject({
      embedState: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('401'),
    })
    expect(json.repair!.nextAttemptAt).not.toBeNull()

    expect(JSON.stringify(json)).not.toContain(API_KEY)
    // `repair --json` lists what still waits and why, whether or not its backoff let this run retry it.
    fake.server.script({ kind: 'echoAuth', status: 401 })
    const again = CLI_JSON_SCHEMAS.repair.parse(
      JSON.parse((await cli('repair', '-n', 'rosa', '--json')).stdout),
    )
    expect(again.released).toBe(0)
    expect(again.issues).toEqual([
      expect.objectContaining({ id, embedState: 'pending', lastError: expect.stringContaining('401') }),
    ])
    expect(again.issues[0]!.attempts).toBeGreaterThanOrEqual(1)

    expect(again.issues[0]!.lastError).not.toContain(API_KEY)
  })

  it('an embedded memory has nothing to explain', async () => {
    // The offline embedder, another store.
    const offline = ['-n', 'rosa', '--data-dir', path.join(fake.dir, 'offline')]
    const fine = await runCli(['remember', 'Rosa plays the oboe', '--json', ...offline])
    const fineId = CLI_JSON_SCHEMAS.remember.parse(JSON.parse(fine.stdout)).id
    const plain = CLI_JSON_SCHEMAS.get.parse(
      JSON.parse((await runCli(['get', fineId, '--json', ...offline])).stdout),
    )
    expect(plain.repair).toBeUndefined()
  })
})

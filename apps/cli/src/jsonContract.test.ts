import { writeFile } from 'node:fs/promises'
import path from 'node:path'
// The schemas as consumers get them: the package's `./json` export of the build under test.
import {
  CLI_JSON_SCHEMAS,
  CLI_JSON_VERSION,
  ErrorJsonSchema,
  type ListJsonSchema,
} from '@agent-memory/cli/json'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

type Command = keyof typeof CLI_JSON_SCHEMAS

describe('the --json contract (subprocess, checked against the exported schemas)', {
  timeout: 600_000,
}, () => {
  const temp = useTemporaryDirectory()

  const cli = (...args: string[]) => runCli([...args, '--data-dir', temp.dataDir, '--json'])

  /** Runs a command that must succeed and returns its document, parsed by that command's schema. */
  async function ok<C extends Command>(
    command: C,
    ...args: string[]
  ): Promise<z.infer<(typeof CLI_JSON_SCHEMAS)[C]>> {
    const result = await cli(command, ...args)
    expect(result.stderr).not.toMatch(/^error:/mu)
    expect(result.code).toBe(0)
    const document = CLI_JSON_SCHEMAS[command].parse(JSON.parse(result.stdout)) as z.infer<
      (typeof CLI_JSON_SCHEMAS)[C]
    >
    expect(document).toMatchObject({ version: CLI_JSON_VERSION, command })
    return document
  }

  /** Runs a command that must fail and returns its error document. */
  async function fails(code: number, ...args: string[]) {
    const result = await cli(...args)
    expect(result.code).toBe(code)
    expect(result.stderr).toMatch(/error: /u)
    return ErrorJsonSchema.parse(JSON.parse(result.stdout))
  }

  it('prints one documented document per command', async () => {
    const init = await ok('init')
    expect(init.store).toEqual({ kind: 'embedded', dataDir: temp.dataDir })
    expect(init.embedder).toMatchObject({ dimensions: expect.any(Number) })

    const first = await ok(
      'remember',
      'Mia lives in Berlin',
      '-n',
      'mia',
      '--tags',
      'home',
      '--valid-from',
      '2020-01-01',
    )
    expect(first).toMatchObject({ namespace: 'mia', status: 'inserted' })
    const second = await ok('remember', 'Mia lives in Lisbon', '-n', 'mia', '--supersedes', first.id)
    expect(second.supersedes).toBe(first.id)
    expect((await ok('remember', 'Mia lives in Lisbon', '-n', 'mia')).status).toBe('reinforced')

    const notes = path.join(temp.dir, 'notes.md')
    await writeFile(notes, '# Garden\n\nMia grows basil on the balcony.\n')
    const ingest = await ok('ingest', notes, '-n', 'mia')
    expect(ingest).toMatchObject({ files: 1, filesDone: 1, inserted: 1, interrupted: false })

    const search = await ok('search', 'where does Mia live', '-n', 'mia')
    // --explain shows the per-leg scores in text: score = fused × modifier (capped), each leg, relevance.
    const explained = await runCli([
      'search',
      'where does Mia live',
      '-n',
      'mia',
      '--explain',
      '--data-dir',
      temp.dataDir,
    ])
    const lines = [
      ...explained.stdout.matchAll(/score (\d\.\d{3}) = fused (\d\.\d{3}) × modifier (\d\.\d{3})/gu),
    ]
    expect(lines).toHaveLength(search.hits.length)
    for (const [, score, fused, modifier] of lines) {
      expect(Number(score)).toBeCloseTo(Math.min(1, Number(fused) * Number(modifier)), 2)
    }
    expect(explained.stdout).toMatch(
      /· semantic (\d\.\d{3}|-) · keyword (\d\.\d{3}|-) · relevance \d\.\d{3}$/mu,
    )
    expect(search.hits.length).toBeGreaterThan(0)
    expect(search.hits.map((hit) => hit.rank)).toEqual(search.hits.map((_, index) => index + 1))
    // The score shown is the ranking's (fused × modifier, capped), so it descends with rank.
    for (const [index, hit] of search.hits.entries()) {
      expect(hit.score).toBeCloseTo(Math.min(1, hit.scores.fused * hit.scores.modifier), 12)
      if (index > 0) expect(hit.score).toBeLessThanOrEqual(search.hits[index - 1]!.score)
    }
    const asOf = await ok('search', 'where does Mia live', '-n', 'mia', '--as-of', '2021-06-01')
    expect(asOf.asOf).toBe('2021-06-01T00:00:00.000Z')

    const got = await ok('get', first.id, '-n', 'mia')
    expect(got.memory).toMatchObject({ id: first.id, supersededBy: second.id, tags: ['home'] })
    const history = await ok('history', second.id, '-n', 'mia')
    expect(history.history.map((memory) => memory.id)).toEqual([first.id, second.id])

    const stats = await ok('stats')
    expect(stats.store).toEqual(init.store)
    expect(stats.namespaces.map((entry) => entry.namespace)).toEqual(['mia'])

    expect(await ok('repair')).toMatchObject({ claimed: 0, repaired: 0 })
    expect(await ok('reembed')).toMatchObject({ queued: 0, remaining: 0 })

    expect(await ok('forget', second.id, '-n', 'mia')).toMatchObject({ id: second.id, deleted: true })
  })

  it('pages list with a cursor until nextCursor is null', async () => {
    for (const n of [1, 2, 3, 4, 5]) await ok('remember', `Paging fact number ${n}`, '-n', 'pages')
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: z.infer<typeof ListJsonSchema> = await ok(
        'list',
        '-n',
        'pages',
        '--limit',
        '2',
        ...(cursor === null ? [] : ['--cursor', cursor]),
      )
      seen.push(...page.memories.map((memory) => memory.content))
      cursor = page.nextCursor
      pages += 1
    } while (cursor !== null && pages < 10)
    expect(pages).toBe(3)
    expect((await ok('list', '-n', 'pages', '--limit', '2')).total).toBe(5)
    const text = await runCli(['list', '-n', 'pages', '--limit', '2', '--data-dir', temp.dataDir])
    expect(text.stderr).toMatch(/^1-2 of 5; more: add --cursor \S+$/mu)
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5].map((n) => `Paging fact number ${n}`))

    const first = await ok('list', '-n', 'pages', '--limit', '2')
    const foreign = await fails(2, 'list', '-n', 'other', '--cursor', first.nextCursor ?? '')
    expect(foreign.error).toMatchObject({ reason: 'usage', retryable: false })
    expect(foreign.error.message).toContain('another listing')
    expect((await fails(2, 'list', '-n', 'pages', '--cursor', 'garbage')).error.message).toContain(
      'not a cursor',
    )
  })

  it('answers failures with an error document: a missing id the same way for get, forget and history', async () => {
    for (const command of ['get', 'forget', 'history']) {
      const missing = await fails(1, command, 'no-such-id', '-n', 'mia')
      expect(missing).toEqual({
        version: CLI_JSON_VERSION,
        command,
        error: { reason: 'not_found', message: 'no memory no-such-id in namespace mia', retryable: false },
      })
    }
    const usage = await fails(2, 'search', 'x', '-n', 'mia', '--limit', '0')
    expect(usage).toMatchObject({ command: 'search', error: { reason: 'usage', retryable: false } })
    expect(usage.error.message).toContain('--limit')
    const noNamespace = await fails(2, 'list')
    expect(noNamespace.error.reason).toBe('usage')
    const unreachable = await runCli([
      'stats',
      '--json',
      '--database-url',
      'postgres://u:secret@127.0.0.1:1/db',
    ])
    expect(unreachable.code).toBe(1)
    expect(unreachable.stdout).not.toContain('secret')
    expect(ErrorJsonSchema.parse(JSON.parse(unreachable.stdout)).error).toMatchObject({
      reason: 'unreachable',
      retryable: true,
    })
  })

  it('prints nothing on stdout for a failure without --json', async () => {
    const missing = await runCli(['get', 'no-such-id', '-n', 'mia', '--data-dir', temp.dataDir])
    expect(missing.code).toBe(1)
    expect(missing.stdout).toBe('')
    expect(missing.stderr).toContain('error: no memory no-such-id in namespace mia')
  })
})

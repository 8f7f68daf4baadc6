import { CLI_JSON_SCHEMAS } from '@agent-memory/cli/json'
import { fingerprint, type MemoryWrite } from '@agent-memory/core'
import { openEmbeddedStore, type PgVectorStore } from '@agent-memory/store-pgvector'
import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

const HOUR = 3_600_000

describe('maintain sweeps expired memories; search --linked and get show links (subprocess)', {
  timeout: 300_000,
}, () => {
  const temp = useTemporaryDirectory()
  const cli = (...args: string[]) => runCli([...args, '--data-dir', temp.dataDir])
  const json = async <C extends keyof typeof CLI_JSON_SCHEMAS>(command: C, ...args: string[]) => {
    const result = await cli(command, ...args, '--json')
    expect(result.stderr).not.toMatch(/^error:/mu)
    expect(result.code).toBe(0)
    return CLI_JSON_SCHEMAS[command].parse(JSON.parse(result.stdout)) as never
  }
  /** Works on the data directory between CLI runs (the CLI holds it only while it runs). */
  async function withStore<T>(work: (store: PgVectorStore) => Promise<T>): Promise<T> {
    const init = CLI_JSON_SCHEMAS.init.parse(JSON.parse((await cli('init', '--json')).stdout))
    const store = await openEmbeddedStore({
      dataDir: temp.dataDir,
      dimensions: init.embedder!.dimensions,
      ...(init.embedder!.model === null ? {} : { model: init.embedder!.model }),
      handleSignals: false,
    })
    try {
      return await work(store)
    } finally {
      await store.close()
    }
  }
  const expiredWrite = (id: string, content: string): MemoryWrite => ({
    id,
    tier: 'working',
    content,
    fingerprint: fingerprint(content),
    embedding: null,
    expiresAt: new Date(Date.now() - HOUR),
  })

  it('maintain removes expired memories with their own history and says what went', async () => {
    const kept: { id: string } = await json('remember', 'Ada keeps her umbrella by the door', '-n', 'ada')
    await withStore(async (store) => {
      await store.upsert('ada', [
        expiredWrite('note-old', 'the parcel comes on Monday'),
        expiredWrite('note-new', 'the parcel comes on Tuesday'),
      ])
      expect(await store.supersede('ada', 'note-old', 'note-new')).toBe(true)
      await store.upsert('bea', [expiredWrite('bea-note', 'call the plumber')])
    })
    const text = await cli('maintain', '-n', 'ada')
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^removed 1 expired memory \(with 1 superseded version\) from ada$/mu)
    expect(text.stdout).toMatch(/^vector indexes: 0 built, 0 dropped, 0 kept$/mu)
    const all: { namespace: string | null; swept: unknown } = await json('maintain')
    expect(all.namespace).toBeNull()
    expect(all.swept).toEqual({ expired: 1, history: 0, chunks: 0, namespaces: ['bea'] })
    expect((await cli('maintain')).stdout).toMatch(/^expired memories: none to remove$/mu)
    expect((await cli('get', 'note-new', '-n', 'ada')).code).not.toBe(0)
    expect((await cli('get', kept.id, '-n', 'ada')).code).toBe(0)
  })

  it("search --linked appends the hits' links (stale ones resolved); get lists them", async () => {
    const id = async (text: string) => ((await json('remember', text, '-n', 'lin')) as { id: string }).id
    const home = await id('Lin moved to Lyon last spring')
    const tram = await id('Lin rides tram T1 to the university')
    const flat = await id('Lin rents a flat on the fourth floor')
    const cafe = await id('Lin studies in a cafe on Sundays')
    const moved = (
      (await json('remember', 'Lin rents a flat on the fifth floor', '-n', 'lin', '--supersedes', flat)) as {
        id: string
      }
    ).id
    await withStore(async (store) => {
      for (const target of [tram, flat, cafe]) expect(await store.addLink('lin', home, target)).toBe(true)
      expect(await store.delete('lin', [cafe])).toBe(1)
    })
    const found: {
      hits: Array<{ rank: number; score: number; linkedFrom?: string; memory: { id: string } }>
    } = await json('search', 'where did Lin move, Lyon?', '-n', 'lin', '--limit', '1', '--linked', '5')
    expect(found.hits.map((hit) => [hit.memory.id, hit.linkedFrom])).toEqual([
      [home, undefined],
      [tram, home],
      [moved, home],
    ])
    expect(found.hits[1]!.score).toBe(0)
    const text = await cli(
      'search',
      'where did Lin move, Lyon?',
      '-n',
      'lin',
      '--limit',
      '1',
      '--linked',
      '5',
    )
    expect(text.stdout).toMatch(/^ 1\. \[score .*Lin moved to Lyon/mu)
    expect(text.stdout).toMatch(/^ {2}↳ \[linked from 1 \| .*\] Lin rides tram T1/mu)
    expect(text.stdout).toMatch(/^ {2}↳ \[linked from 1 \| .*\] Lin rents a flat on the fifth floor/mu)
    // --linked without a number appends at most the limit; without --linked nothing is appended.
    const one: { hits: unknown[] } = await json(
      'search',
      'where did Lin move, Lyon?',
      '-n',
      'lin',
      '--limit',
      '1',
      '--linked',
    )
    expect(one.hits).toHaveLength(2)
    const plain: { hits: unknown[] } = await json(
      'search',
      'where did Lin move, Lyon?',
      '-n',
      'lin',
      '--limit',
      '1',
    )
    expect(plain.hits).toHaveLength(1)

    const detail = await cli('get', home, '-n', 'lin')
    expect(detail.stdout).toMatch(new RegExp(`^linked +${tram} "Lin rides tram T1 to the university"$`, 'mu'))
    expect(detail.stdout).toContain(`${flat} → superseded by ${moved} "Lin rents a flat on the fifth floor"`)
    expect(detail.stdout).toContain(`${cafe} (gone: forgotten, swept or expired)`)
    const got: { links: unknown } = await json('get', home, '-n', 'lin')
    expect(got.links).toEqual([
      { id: tram, state: 'live', currentId: tram, content: 'Lin rides tram T1 to the university' },
      { id: flat, state: 'superseded', currentId: moved, content: 'Lin rents a flat on the fifth floor' },
      { id: cafe, state: 'gone', currentId: null, content: null },
    ])
  })

  it('link relates two live memories both ways, --remove undoes it; missing, superseded and foreign ids are refused', async () => {
    const id = async (text: string, ns = 'kim') =>
      ((await json('remember', text, '-n', ns)) as { id: string }).id
    const a = await id('Kim plays the oboe')
    const b = await id('Kim rehearses on Thursdays')
    const old = await id('Kim rehearses in the old hall')
    await json('remember', 'Kim rehearses in the new hall', '-n', 'kim', '--supersedes', old)
    const other = await id('Someone else entirely', 'other')

    const text = await cli('link', a, b, '-n', 'kim')
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toBe(`linked ${a} and ${b}\n`)
    const got: { memory: { linkedMemoryIds: string[] } } = await json('get', b, '-n', 'kim')
    expect(got.memory.linkedMemoryIds).toEqual([a])
    const found: { hits: Array<{ linkedFrom?: string; memory: { id: string } }> } = await json(
      'search',
      'Kim plays the oboe',
      '-n',
      'kim',
      '--limit',
      '1',
      '--linked',
    )
    expect(found.hits.map((hit) => hit.memory.id)).toEqual([a, b])

    const missing = await cli('link', a, 'no-such-id', '-n', 'kim', '--json')
    expect(missing.code).not.toBe(0)
    expect(JSON.parse(missing.stdout).error.reason).toBe('not_found')
    const foreign = await cli('link', a, other, '-n', 'kim', '--json')
    expect(JSON.parse(foreign.stdout).error.reason).toBe('not_found')
    const superseded = await cli('link', a, old, '-n', 'kim', '--json')
    expect(superseded.code).not.toBe(0)
    expect(JSON.parse(superseded.stdout).error).toMatchObject({
      reason: 'invalid_argument',
      message: expect.stringContaining('superseded by'),
    })

    expect(await json('link', a, b, '-n', 'kim', '--remove')).toMatchObject({ linked: false, removed: true })
    expect((await cli('link', a, b, '-n', 'kim', '--remove')).stdout).toBe(`${a} and ${b} were not linked\n`)
    const after: { memory: { linkedMemoryIds: string[] } } = await json('get', a, '-n', 'kim')
    expect(after.memory.linkedMemoryIds).toEqual([])
  })
})

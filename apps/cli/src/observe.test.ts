import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CLI_JSON_SCHEMAS } from '@agent-memory/cli/json'
import {
  type FakeChatServer,
  type FakeEmbeddingsServer,
  requirePostgres,
  startFakeChatServer,
  startFakeEmbeddingsServer,
} from '@agent-memory/testkit'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, temporaryDirectory } from './__fixtures__/cliProcess.js'

const API_KEY = 'sk-or-v1-observe-test-0123456789abcdef0123456789'
const candidate = (content: string, source: number) => ({
  content,
  tier: 'semantic',
  importance: 0.7,
  validFrom: null,
  validTo: null,
  tags: [],
  source,
})
const decide = (action: string, target: string | null = null) => ({
  kind: 'json' as const,
  value: { decisions: [{ candidate: 'c1', action, target, reason: 'test' }] },
})

/**
 * The CLI `observe` end to end as a person runs it: the built binary, a real store, the
 * OpenAI-compatible embedder against the fake embeddings server and the chat model against the
 * fake chat server, both real HTTP on 127.0.0.1.
 */
function describeObserve(backend: 'pglite' | 'postgres') {
  let dir: string
  let remove: () => Promise<void>
  let chat: FakeChatServer
  let embeddings: FakeEmbeddingsServer
  let storeArgs: string[]
  let admin: pg.Client | undefined
  const database = `agent_memory_observe_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const namespace = `observe-${randomUUID().slice(0, 8)}`

  beforeAll(async () => {
    ;({ dir, remove } = await temporaryDirectory())
    chat = await startFakeChatServer({ apiKey: API_KEY })
    embeddings = await startFakeEmbeddingsServer({ apiKey: API_KEY })
    if (backend === 'pglite') storeArgs = ['--data-dir', path.join(dir, 'store')]
    else {
      admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${database}`)
      const url = new URL(process.env.DATABASE_URL!)
      url.pathname = `/${database}`
      storeArgs = ['--database-url', url.toString()]
    }
    const init = await cli('init')
    expect(init.code, init.stderr).toBe(0)
  })
  afterAll(async () => {
    await chat?.close()
    await embeddings?.close()
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      await admin.end()
    }
    await remove?.()
  })

  const cli = (...args: string[]) =>
    runCli([...args, ...storeArgs, '--base-url', embeddings.url], { env: { OPENROUTER_API_KEY: API_KEY } })
  const observeCli = (file: string, ...args: string[]) =>
    cli('observe', file, '-n', namespace, '--chat-model', 'test/chat', '--chat-base-url', chat.url, ...args)
  const transcript = async (name: string, lines: Array<{ role: string; content: string }>) => {
    const file = path.join(dir, name)
    const json = name.endsWith('.json')
    await writeFile(
      file,
      json ? JSON.stringify({ messages: lines }) : lines.map((line) => JSON.stringify(line)).join('\n'),
    )
    return file
  }
  const contents = async () =>
    (
      JSON.parse((await cli('list', '-n', namespace, '--json')).stdout) as {
        memories: Array<{ content: string }>
      }
    ).memories
      .map((memory) => memory.content)
      .sort()

  it('adds what the conversation states, and a second run of the same file changes nothing', async () => {
    const file = await transcript('first.jsonl', [
      { role: 'user', content: 'I live in Berlin and I am vegetarian.' },
      { role: 'assistant', content: 'Got it.' },
    ])
    chat.script(
      { kind: 'json', value: { candidates: [candidate('The user lives in Berlin.', 1)] } },
      decide('add'),
    )
    const first = await observeCli(file)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('2 new message(s) observed')
    expect(first.stdout).toMatch(/\+ add {8}The user lives in Berlin\./)
    expect(await contents()).toEqual(['The user lives in Berlin.'])
    // The model's judgement is kept apart from importance, which stays the default.
    const listed = JSON.parse((await cli('list', '-n', namespace, '--json')).stdout) as {
      memories: Array<{ importance: number; assessedImportance: number | null }>
    }
    expect(listed.memories[0]).toMatchObject({ importance: 0.5, assessedImportance: 0.7 })
    // The extraction request carried the transcript and asked for strict JSON-schema output.
    const extraction = chat.requests.at(-2)!
    expect(JSON.stringify(extraction.messages)).toContain('I live in Berlin and I am vegetarian.')
    expect(extraction.body).toMatchObject({ model: 'test/chat', response_format: { type: 'json_schema' } })
    expect(extraction.headers.authorization).toBe(chat.authorizationHash(`Bearer ${API_KEY}`))
    expect(first.stderr).not.toContain(API_KEY)

    const requests = chat.requests.length
    const again = await observeCli(file, '--json')
    expect(again.code).toBe(0)
    // One document per run, checked against the exported schema.
    const document = CLI_JSON_SCHEMAS.observe.parse(JSON.parse(again.stdout))
    expect(document).toMatchObject({ version: 1, command: 'observe', dryRun: false })
    expect(document.messages).toMatchObject({ alreadyObserved: 2, processed: 0 })
    expect(chat.requests).toHaveLength(requests)
    expect(await contents()).toEqual(['The user lives in Berlin.'])
  })

  it('--dry-run shows a supersede without writing it; the real run supersedes', async () => {
    const file = await transcript('moved.json', [{ role: 'user', content: 'I moved from Berlin to Lisbon.' }])
    const script = () =>
      chat.script(
        { kind: 'json', value: { candidates: [candidate('The user lives in Lisbon.', 1)] } },
        decide('supersede', 'm1'),
      )
    script()
    const dry = await observeCli(file, '--dry-run')
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toContain('~ supersede  The user lives in Berlin. → The user lives in Lisbon.')
    expect(dry.stdout).toContain('dry run: nothing was written')
    expect(await contents()).toEqual(['The user lives in Berlin.'])
    script()
    const real = await observeCli(file)
    expect(real.code, real.stderr).toBe(0)
    expect(await contents()).toEqual(['The user lives in Lisbon.'])
  })

  it('a related fact is added and linked; superseding the old fact lists it as possibly stale', async () => {
    const ns = `${namespace}-links`
    const observeIn = (file: string, ...args: string[]) =>
      cli('observe', file, '-n', ns, '--chat-model', 'test/chat', '--chat-base-url', chat.url, ...args)
    const home = CLI_JSON_SCHEMAS.remember.parse(
      JSON.parse((await cli('remember', 'The user lives in Berlin.', '-n', ns, '--json')).stdout),
    ).id
    const commuting = await transcript('commute.jsonl', [
      { role: 'user', content: 'I ride the U2 every day.' },
    ])
    chat.script(
      { kind: 'json', value: { candidates: [candidate('The user rides the U2 line every day.', 1)] } },
      decide('relate', 'm1'),
    )
    const related = await observeIn(commuting)
    expect(related.code, related.stderr).toBe(0)
    expect(related.stdout).toMatch(
      new RegExp(`^\\+ add {8}The user rides the U2 line every day\\.  \\(\\S+\\)  linked to ${home}$`, 'mu'),
    )
    const moved = await transcript('moved-links.jsonl', [{ role: 'user', content: 'I moved to Lisbon.' }])
    const script = () =>
      chat.script(
        { kind: 'json', value: { candidates: [candidate('The user lives in Lisbon.', 1)] } },
        decide('supersede', 'm1'),
      )
    script()
    const dry = await observeIn(moved, '--dry-run')
    expect(dry.stdout).toMatch(
      /^ {2}\? possibly stale {2}The user rides the U2 line every day\. {2}\(\S+\)$/mu,
    )
    script()
    const report = CLI_JSON_SCHEMAS.observe.parse(JSON.parse((await observeIn(moved, '--json')).stdout))
    expect(report.superseded).toHaveLength(1)
    expect(report.superseded[0]).toMatchObject({
      oldId: home,
      possiblyStale: [{ content: 'The user rides the U2 line every day.' }],
    })
  })

  it('a 429 is retried after Retry-After; malformed JSON, a refusal and a timeout write nothing and exit 1', async () => {
    const file = await transcript('faults.jsonl', [{ role: 'user', content: 'I play the cello.' }])
    const before = await contents()
    const start = chat.requests.length
    chat.script({ kind: 'rateLimit', retryAfterSeconds: 1 }, { kind: 'malformedJson' })
    const malformed = await observeCli(file)
    expect(malformed.code).toBe(1)
    expect(malformed.stderr).toMatch(/observe stopped: The model call failed .*nothing was written/)
    expect(chat.requests.slice(start).map((request) => request.outcome)).toEqual([
      'rateLimit',
      'malformedJson',
    ])

    chat.script({ kind: 'refusal' })
    const refused = await observeCli(file)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('nothing was written')
    expect(chat.requests.at(-1)!.outcome).toBe('refusal')
    expect(await contents()).toEqual(before)

    // Last, because on a loaded machine the budget may run out before the request is even sent.
    chat.script({ kind: 'hang' })
    const slow = await observeCli(file, '--timeout', '3')
    expect(slow.code).toBe(1)
    expect(slow.stderr).toContain('observe stopped: Timed out: nothing was written.')
    expect(await contents()).toEqual(before)
  })

  it('a 429 followed by an answer: observed after the Retry-After wait', async () => {
    const file = await transcript('cello.jsonl', [
      { role: 'user', content: 'I play the cello in a quartet.' },
    ])
    const before = await contents()
    const server = await startFakeChatServer({ apiKey: API_KEY })
    try {
      server.script(
        { kind: 'rateLimit', retryAfterSeconds: 1 },
        { kind: 'json', value: { candidates: [candidate('The user plays the cello.', 1)] } },
        decide('add'),
      )
      const limited = await cli(
        'observe',
        file,
        '-n',
        namespace,
        '--chat-model',
        'test/chat',
        '--chat-base-url',
        server.url,
      )
      expect(limited.code, limited.stderr).toBe(0)
      expect(server.requests.map((request) => request.outcome)).toEqual(['rateLimit', 'json', 'json'])
      // Retry-After: 1 was honoured (a slow machine only makes the gap longer).
      expect(server.requests[1]!.arrivedAt - server.requests[0]!.arrivedAt).toBeGreaterThanOrEqual(950)
      expect(await contents()).toEqual([...before, 'The user plays the cello.'].sort())
    } finally {
      await server.close()
    }
  })

  it('refuses a missing chat model and a transcript it cannot read, with a usage or failure code', async () => {
    const missing = await cli('observe', path.join(dir, 'first.jsonl'), '-n', namespace)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('observe needs a chat model')
    const bad = path.join(dir, 'bad.jsonl')
    await writeFile(bad, '{"role":"user","content":"hi"}\nnot json\n')
    const unreadable = await observeCli(bad)
    expect(unreadable.code).toBe(1)
    expect(unreadable.stderr).toContain('bad.jsonl:2 is not a JSON message')
    const wrongRole = await transcript('role.jsonl', [{ role: 'king', content: 'bow' }])
    const invalid = await observeCli(wrongRole)
    expect(invalid.code).toBe(2)
    expect(invalid.stderr).toContain('messages[0].role')
  })
}

describe('agent-memory observe on the embedded store (subprocess, fake chat and embeddings servers)', () => {
  describeObserve('pglite')
})

const onPostgres = 'agent-memory observe on PostgreSQL (subprocess, fake chat and embeddings servers)'
if (requirePostgres(onPostgres)) {
  describe(onPostgres, () => {
    describeObserve('postgres')
  })
}

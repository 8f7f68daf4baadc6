import type { MemoryService } from '@agent-memory/core'
import { leakInReply } from '@agent-memory/testkit'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestMemory } from '../../__fixtures__/createTestMemory.js'
import { createMemoryMcpServer } from './createMemoryMcpServer.js'

/** A key the server process holds: no answer may carry it. */
const SECRET = `sk-or-v1-${'3c'.repeat(32)}`
/** Words only the other user's memories hold. */
const THEIRS = 'zebracorn'

describe('MCP server under fuzzed tool calls (SDK client, fast-check, bounded)', () => {
  const { memory: real, store } = createTestMemory()
  // A failing dependency whose error carries a key and a stack, as a provider's might.
  const failing = (text: unknown) => typeof text === 'string' && text.includes('boom')
  const memory = {
    ...real,
    recall: (namespace, query, options) =>
      failing(query)
        ? Promise.reject(new Error(`provider refused ${SECRET}`))
        : real.recall(namespace, query, options),
    remember: (namespace, input) =>
      failing(input.content)
        ? Promise.reject(new Error(`provider refused ${SECRET}`))
        : real.remember(namespace, input),
  } as MemoryService
  const client = new Client({ name: 'fuzz', version: '0.0.0' })
  const theirIds: string[] = []

  beforeAll(async () => {
    await real.remember('u1', { content: 'The user drinks green tea every morning' })
    await real.remember('u1', { content: 'The user keeps a vegetable garden' })
    for (const content of [`The ${THEIRS} user drinks green tea too`, `The ${THEIRS} user owns a boat`]) {
      theirIds.push((await real.remember('u2', { content })).id)
    }
    const server = createMemoryMcpServer({ memory, namespace: 'u1' })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await server.connect(serverSide)
    await client.connect(clientSide)
  })
  afterAll(async () => {
    await client.close()
  })

  const theirs = async () =>
    (await store.list('u2', { limit: 100 })).map((m) => `${m.id}:${m.content}:${m.supersededBy}`).sort()

  const textArb = fc.oneof(
    fc.constantFrom(
      'green tea',
      'boom',
      `${THEIRS} boat`,
      "tea' OR 1=1 --",
      '',
      ' ',
      '\u0000',
      'x'.repeat(5000),
    ),
    fc.string({ unit: 'grapheme', maxLength: 80 }),
  )
  const argumentsArb = fc.oneof(
    // Well-formed for one tool or another, so the calls reach the service.
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.record({ query: textArb, limit: fc.integer({ min: 1, max: 20 }) }, { requiredKeys: ['query'] }),
        fc.record({ content: textArb }),
        fc.record({ id: fc.string({ maxLength: 40 }) }),
      ),
    },
    fc.record(
      {
        query: fc.oneof(textArb, fc.anything()),
        content: fc.oneof(textArb, fc.anything()),
        id: fc.oneof(fc.constantFrom(...['nope', '', '../u2']), fc.string(), fc.anything()),
        limit: fc.oneof(fc.integer({ min: -3, max: 100 }), fc.double(), fc.string()),
        namespace: fc.constantFrom('u2', '*', ''),
        userId: fc.constant('u2'),
        tier: fc.oneof(fc.constantFrom('semantic', 'episodic', 'working', 'nope'), fc.anything()),
        tags: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), fc.anything()),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string(), fc.anything(), { maxKeys: 4 }),
  )
  const callArb = fc.record({
    name: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('memory_search', 'memory_remember', 'memory_forget') },
      { weight: 1, arbitrary: fc.string() },
    ),
    arguments: fc.option(argumentsArb, { freq: 8 }),
    theirId: fc.nat(),
  })

  /** The tool-call property, for any server the client is connected to. */
  const toolCallProperty = (caller: Client, before: string[]) =>
    fc.asyncProperty(callArb, async ({ name, arguments: args, theirId }) => {
      // Half the forgets aim at the other user's real ids.
      const aimed =
        name === 'memory_forget' && args !== null && theirId % 2 === 0
          ? { ...args, id: theirIds[theirId % theirIds.length] }
          : args
      let answer: string
      try {
        const result = await caller.callTool({ name, ...(aimed === null ? {} : { arguments: aimed }) })
        answer = JSON.stringify(result)
        const content = result.content as Array<{ type: string; text?: string }>
        expect(content).toHaveLength(1)
        expect(content[0]?.type).toBe('text')
      } catch (error) {
        // A protocol-level refusal (a malformed request the SDK answers with a JSON-RPC error).
        answer = error instanceof Error ? error.message : String(error)
        expect(error).toBeInstanceOf(Error)
      }
      expect(leakInReply(answer, [SECRET])).toBeUndefined()
      expect(answer).not.toContain(THEIRS)
      expect(await theirs()).toEqual(before)
      const next = await caller.callTool({ name: 'memory_search', arguments: { query: 'green tea' } })
      expect(next.isError).not.toBe(true)
      expect((next.content as Array<{ text: string }>)[0]?.text).toMatch(/^1\. \[score /mu)
      expect(JSON.stringify(next)).not.toContain(THEIRS)
    })

  it('answers every call in text, for its own user only, with no stack or key, and serves the next', async () => {
    await fc.assert(toolCallProperty(client, await theirs()), {
      numRuns: 200,
      seed: Number(process.env.FUZZ_SEED ?? 40),
    })
  })

  it('fails on a deliberately broken handler that answers a failure with its error as is', async () => {
    // The same server, but its tool calls answered by a handler that passes the error through.
    const broken = createMemoryMcpServer({ memory, namespace: 'u1' })
    broken.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      try {
        const query = String(request.params.arguments?.query ?? '')
        const { hits } = await memory.recall('u1', query, { limit: 5 })
        const lines = hits.map((hit, i) => `${i + 1}. [score ${hit.score.toFixed(2)}] ${hit.memory.content}`)
        return { content: [{ type: 'text', text: lines.join('\n') || 'No memories found.' }] }
      } catch (error) {
        return { content: [{ type: 'text', text: String((error as Error).stack) }], isError: true }
      }
    })
    const brokenClient = new Client({ name: 'fuzz-broken', version: '0.0.0' })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await broken.connect(serverSide)
    await brokenClient.connect(clientSide)
    try {
      await expect(
        fc.assert(toolCallProperty(brokenClient, await theirs()), {
          numRuns: 200,
          seed: Number(process.env.FUZZ_SEED ?? 40),
          includeErrorInReport: true,
        }),
      ).rejects.toThrow(/a stack frame|a secret/)
    } finally {
      await brokenClient.close()
    }
  })

  it('answers unknown methods and malformed params with JSON-RPC errors, and serves the next', async () => {
    const requestArb = fc.record({
      method: fc.oneof(
        fc.constantFrom('tools/call', 'tools/list', 'resources/read', 'prompts/get'),
        fc.string(),
      ),
      params: fc.oneof(fc.constant(undefined), fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 })),
    })
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const answer = await client
          .request(request as never, z.unknown())
          .then((result) => JSON.stringify(result))
          .catch((error: unknown) => (error instanceof Error ? error.message : String(error)))
        expect(leakInReply(answer, [SECRET])).toBeUndefined()
        expect(answer).not.toContain(THEIRS)
        const next = await client.callTool({ name: 'memory_search', arguments: { query: 'green tea' } })
        expect(next.isError).not.toBe(true)
        expect((next.content as Array<{ text: string }>)[0]?.text).toMatch(/^1\. \[score /mu)
      }),
      { numRuns: 100, seed: Number(process.env.FUZZ_SEED ?? 40) },
    )
    expect(theirIds).toHaveLength(2)
  })
})

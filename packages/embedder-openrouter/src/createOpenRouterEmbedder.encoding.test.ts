import { EmbeddingError } from '@agent-memory/core'
import type { FakeEmbeddingsServer, RecordedEmbeddingsRequest } from '@agent-memory/testkit'
import { afterEach, describe, expect, it } from 'vitest'
import { asArrays, expected, setUp, texts } from './__fixtures__/harness.js'

let server: FakeEmbeddingsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})
const formatOf = (request: RecordedEmbeddingsRequest) =>
  (request.body as { encoding_format?: unknown }).encoding_format
/** A server that does not know `encoding_format`: a 400 naming it, as a strict OpenAI-compatible server answers. */
const refusing = (_: number, request: RecordedEmbeddingsRequest) =>
  formatOf(request) === undefined
    ? undefined
    : ({
        kind: 'status',
        status: 400,
        body: { error: { message: 'Unrecognized request argument supplied: encoding_format', code: 400 } },
      } as const)

describe('createOpenRouterEmbedder: the vectors’ encoding', () => {
  it('asks for base64 vectors by default and decodes them', async () => {
    const setup = await setUp()
    server = setup.server
    const inputs = texts(3)
    expect(asArrays(await setup.embedder.embed(inputs))).toEqual(expected(inputs))
    expect(server.requests.map(formatOf)).toEqual(['base64'])
  })

  it('decodes JSON numbers from a server that ignores the parameter', async () => {
    const setup = await setUp()
    server = setup.server
    server.script({ kind: 'floats' })
    const inputs = texts(2)
    expect(asArrays(await setup.embedder.embed(inputs))).toEqual(expected(inputs))
    expect(server.requests.map(formatOf)).toEqual(['base64'])
  })

  it('falls back to JSON floats once a server refuses base64: the refused batch at once, later calls directly', async () => {
    const setup = await setUp({ maxRetries: 0 }, { faults: refusing })
    server = setup.server
    const first = texts(2, 'first')
    expect(asArrays(await setup.embedder.embed(first))).toEqual(expected(first))
    const second = texts(2, 'second')
    expect(asArrays(await setup.embedder.embed(second))).toEqual(expected(second))
    expect(server.requests.map(formatOf)).toEqual(['base64', undefined, undefined])
    expect(server.requests.map((request) => request.status)).toEqual([400, 200, 200])
    expect(setup.sleeps).toEqual([])
  })

  it('asks for exactly the format chosen: a refused base64 fails, floats are never asked base64', async () => {
    const chosen = await setUp({ maxRetries: 0, encodingFormat: 'base64' }, { faults: refusing })
    server = chosen.server
    const failure = await chosen.embedder.embed(['a']).catch((error: unknown) => error)
    expect(EmbeddingError.isInstance(failure)).toBe(true)
    expect((failure as EmbeddingError).status).toBe(400)
    expect(server.requests).toHaveLength(1)
    await server.close()
    const floats = await setUp({ encodingFormat: 'float' })
    server = floats.server
    expect(asArrays(await floats.embedder.embed(['b']))).toEqual(expected(['b']))
    expect(server.requests.map(formatOf)).toEqual([undefined])
  })

  it('keeps asking base64 after a 400 that does not name the encoding', async () => {
    const setup = await setUp({ maxRetries: 0 })
    server = setup.server
    server.script({
      kind: 'status',
      status: 400,
      body: { error: { message: 'input is too long', code: 400 } },
    })
    await expect(setup.embedder.embed(['a'])).rejects.toSatisfy(EmbeddingError.isInstance)
    expect(asArrays(await setup.embedder.embed(['b']))).toEqual(expected(['b']))
    expect(server.requests.map(formatOf)).toEqual(['base64', 'base64'])
  })
})

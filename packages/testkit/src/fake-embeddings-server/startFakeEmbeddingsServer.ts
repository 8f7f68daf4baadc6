import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { estimateTokens } from '@agent-memory/core'
import { answerSafely } from '../http/answerSafely.js'
import { authorizationHash } from '../http/authorizationHash.js'
import { createTimers } from '../http/createTimers.js'
import { listenOnLoopback } from '../http/listenOnLoopback.js'
import { rateLimitHeaders } from '../http/rateLimitHeaders.js'
import { receiveRequest } from '../http/receiveRequest.js'
import { recordingSender } from '../http/recordingSender.js'
import { refuseUnauthorized } from '../http/refuseUnauthorized.js'
import { sendHalfJson } from '../http/sendHalfJson.js'
import { sendJson } from '../http/sendJson.js'
import type { EmbeddingsFault } from './EmbeddingsFault.js'
import { fakeEmbedding } from './fakeEmbedding.js'

/** The real OpenAI embeddings limits, enforced with a 400 like the real API. */
export const FAKE_EMBEDDINGS_LIMITS = {
  maxInputsPerRequest: 2048,
  maxTokensPerRequest: 300_000,
  maxTokensPerInput: 8191,
} as const

export interface FakeEmbeddingsServerOptions {
  /** Vector length when the request has no `dimensions` (default 1536). */
  dimensions?: number
  /** When set, a request without `Authorization: Bearer <apiKey>` gets a 401 (no echo). */
  apiKey?: string
  /** Fault for a request by its 1-based arrival number, used when the script queue is empty. */
  faults?: (requestNumber: number, request: RecordedEmbeddingsRequest) => EmbeddingsFault | undefined
  /** Artificial latency added to every request, in ms (for the benchmark). */
  latencyMs?: number
  /** At most this many requests are processed at once; the rest wait in arrival order. */
  maxConcurrent?: number
  /**
   * The vectors of a normal answer, in input order, instead of `fakeEmbedding` (for the benchmark,
   * which serves a real embedder's vectors to clients that only speak OpenAI's API).
   */
  embed?: (inputs: string[], dimensions: number) => Promise<Float32Array[]>
}

export interface RecordedEmbeddingsRequest {
  /** 1-based arrival number. */
  number: number
  method: string
  path: string
  /** Lower-cased header names. `authorization` is replaced by `sha256:<first 16 hex>` of its value. */
  headers: Record<string, string>
  /** The parsed JSON body (undefined when it did not parse). */
  body: unknown
  /** `input` as an array (a single string counts as one input). */
  inputs: string[]
  estimatedTokens: number
  /** The largest estimated token count of a single input. */
  maxInputTokens: number
  /** `Date.now()` at arrival. */
  arrivedAt: number
  /** Requests in flight at arrival, this one included. */
  inFlight: number
  /** The fault applied, or 'ok'; 'rejected' when the request broke a limit or was malformed. */
  outcome: EmbeddingsFault['kind'] | 'rejected' | 'unauthorized'
  /** HTTP status sent (undefined for resets and hangs). */
  status?: number
}

export interface FakeEmbeddingsServer {
  /** Base URL ending in `/v1`; POST `${url}/embeddings`. */
  readonly url: string
  readonly port: number
  /** Every request received, in arrival order. */
  readonly requests: RecordedEmbeddingsRequest[]
  /** The most requests that were in flight at once. */
  readonly maxInFlight: number
  /** Queue faults; each is consumed by one request, in arrival order. */
  script(...faults: EmbeddingsFault[]): void
  /** Hash used in `requests[].headers.authorization`, to compare with what a client sent. */
  authorizationHash(headerValue: string): string
  close(): Promise<void>
}

const MAX_BODY_BYTES = 64 * 1024 * 1024

/** A valid request, as the response is built from it. */
interface EmbeddingsRequest {
  inputs: string[]
  dimensions: number
  model: string
  base64: boolean
  estimatedTokens: number
}

/**
 * An OpenAI-compatible `POST /v1/embeddings` on 127.0.0.1 and a random port: deterministic vectors
 * (`fakeEmbedding`), the real limits, and a scripted fault per request. Real `node:http`, so a
 * client is tested with its real `fetch`.
 */
export async function startFakeEmbeddingsServer(
  options: FakeEmbeddingsServerOptions = {},
): Promise<FakeEmbeddingsServer> {
  const defaultDimensions = options.dimensions ?? 1536
  const queue: EmbeddingsFault[] = []
  const requests: RecordedEmbeddingsRequest[] = []
  const waiting: Array<() => void> = []
  let inFlight = 0
  let maxInFlight = 0
  let processing = 0
  let closed = false

  const timers = createTimers()
  const wait = timers.wait
  const acquire = async () => {
    if (options.maxConcurrent === undefined) return
    if (processing >= options.maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve))
    processing++
  }
  const release = () => {
    if (options.maxConcurrent === undefined) return
    processing--
    waiting.shift()?.()
  }

  const server = createServer((req, res) => {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    // A request leaves when its last byte is handed over (the client may then send its next one
    // before 'finish' fires) or when its socket closes (resets, hangs).
    let counted = true
    const leave = () => {
      if (counted) inFlight--
      counted = false
    }
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
    res.end = ((...args: unknown[]) => {
      leave()
      return end(...args)
    }) as typeof res.end
    res.on('close', leave)
    answerSafely(res, handle(req, res))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { raw, body, ...line } = await receiveRequest(req, MAX_BODY_BYTES)
    const input = (body as { input?: unknown } | undefined)?.input
    const inputs = typeof input === 'string' ? [input] : Array.isArray(input) ? (input as string[]) : []
    let estimatedTokens = 0
    let maxInputTokens = 0
    for (const text of inputs) {
      const tokens = typeof text === 'string' ? estimateTokens(text) : 0
      estimatedTokens += tokens
      maxInputTokens = Math.max(maxInputTokens, tokens)
    }
    const record: RecordedEmbeddingsRequest = {
      number: requests.length + 1,
      ...line,
      body,
      inputs,
      estimatedTokens,
      maxInputTokens,
      arrivedAt: Date.now(),
      inFlight,
      outcome: 'ok',
    }
    requests.push(record)

    const reject = (status: number, message: string, code: string | number = status) => {
      record.outcome = 'rejected'
      record.status = status
      sendJson(res, status, { error: { message, code } })
    }
    if (record.method !== 'POST' || record.path !== '/v1/embeddings') return reject(404, 'not found')
    if (raw === undefined) return reject(413, 'request body too large')
    if (body === undefined || typeof body !== 'object' || body === null)
      return reject(400, 'invalid JSON body')
    if (refuseUnauthorized(req, res, options.apiKey, record)) return
    const problem = validate(body as Record<string, unknown>, inputs, estimatedTokens)
    if (problem !== undefined) return reject(400, problem, 'invalid_request_error')
    const requested = (body as { dimensions?: unknown }).dimensions
    const dimensions = typeof requested === 'number' ? requested : defaultDimensions
    const model = String((body as { model?: unknown }).model)
    const base64 = (body as { encoding_format?: unknown }).encoding_format === 'base64'

    await acquire()
    try {
      if (options.latencyMs) await wait(options.latencyMs)
      const fault = queue.shift() ?? options.faults?.(record.number, record) ?? { kind: 'ok' }
      await respond(res, record, fault, { inputs, dimensions, model, base64, estimatedTokens })
    } finally {
      release()
    }
  }

  function validate(body: Record<string, unknown>, inputs: string[], estimatedTokens: number) {
    const input = body.input
    if (typeof body.model !== 'string' || body.model === '') return "'model' is required"
    if (typeof input !== 'string' && !Array.isArray(input))
      return "'input' must be a string or an array of strings"
    if (inputs.length === 0) return "'input' must not be empty"
    if (inputs.some((text) => typeof text !== 'string'))
      return "'input' must contain strings only (no token ids)"
    if (inputs.some((text) => text === '')) return "'input' must not contain empty strings"
    if (inputs.length > FAKE_EMBEDDINGS_LIMITS.maxInputsPerRequest) {
      return `too many inputs: ${inputs.length} > ${FAKE_EMBEDDINGS_LIMITS.maxInputsPerRequest}`
    }
    if (estimatedTokens > FAKE_EMBEDDINGS_LIMITS.maxTokensPerRequest) {
      return `too many tokens in the request: ${estimatedTokens} > ${FAKE_EMBEDDINGS_LIMITS.maxTokensPerRequest}`
    }
    const long = inputs.findIndex((text) => estimateTokens(text) > FAKE_EMBEDDINGS_LIMITS.maxTokensPerInput)
    if (long !== -1)
      return `input ${long} exceeds the context length of ${FAKE_EMBEDDINGS_LIMITS.maxTokensPerInput} tokens`
    const dimensions = body.dimensions
    if (dimensions !== undefined && !(Number.isInteger(dimensions) && (dimensions as number) > 0)) {
      return "'dimensions' must be a positive integer"
    }
    const format = body.encoding_format
    if (format !== undefined && format !== 'float' && format !== 'base64') {
      return "'encoding_format' must be 'float' or 'base64'"
    }
    return undefined
  }

  async function respond(
    res: ServerResponse,
    record: RecordedEmbeddingsRequest,
    fault: EmbeddingsFault,
    request: EmbeddingsRequest,
  ): Promise<void> {
    record.outcome = fault.kind
    const send = recordingSender(res, record)
    switch (fault.kind) {
      case 'delay':
        await wait(fault.ms)
        if (closed) return
        return respond(res, record, fault.then ?? { kind: 'ok' }, request)
      case 'rateLimit': {
        return send(429, { error: { message: 'Rate limit exceeded', code: 429 } }, rateLimitHeaders(fault))
      }
      case 'status':
        return send(
          fault.status,
          fault.body ?? { error: { message: `fake status ${fault.status}`, code: fault.status } },
          fault.headers,
        )
      case 'echoAuth': {
        const authorization = res.req.headers.authorization ?? ''
        return send(fault.status ?? 401, {
          error: {
            message: `Invalid credentials. You sent Authorization: ${authorization}`,
            code: fault.status ?? 401,
            metadata: { request_headers: { authorization } },
          },
        })
      }
      case 'reset':
        res.socket?.destroy()
        return
      case 'resetMidBody': {
        const text = JSON.stringify(buildResponse(request, false))
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy())
        record.status = 200
        return
      }
      case 'hang':
        return
      case 'errorBody':
        return send(200, {
          error: { message: fault.message ?? 'provider returned an error', code: fault.code ?? 502 },
        })
      case 'malformedJson': {
        record.status = 200
        return sendHalfJson(res, buildResponse(request, true))
      }
      case 'html':
        record.status = 200
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<html><body><h1>502 Bad Gateway</h1></body></html>')
        return
      default: {
        const vectors = options.embed ? await options.embed(request.inputs, request.dimensions) : undefined
        const asked = fault.kind === 'floats' ? { ...request, base64: false } : request
        const payload = buildResponse(asked, fault.kind !== 'noUsage', vectors)
        mutate(payload, fault, request)
        return send(200, payload)
      }
    }
  }

  function buildResponse(request: EmbeddingsRequest, withUsage: boolean, vectors?: Float32Array[]) {
    const data = request.inputs.map((text, index) => {
      const vector = vectors?.[index] ?? fakeEmbedding(text, request.dimensions)
      return {
        object: 'embedding',
        index,
        embedding: request.base64
          ? Buffer.from(vector.buffer).toString('base64')
          : // 9 significant digits round-trip a float32 and keep responses OpenAI-sized.
            (Array.from(vector, (value) => Number(value.toPrecision(9))) as unknown),
      }
    })
    const usage = { prompt_tokens: request.estimatedTokens, total_tokens: request.estimatedTokens }
    return { object: 'list', data, model: request.model, ...(withUsage ? { usage } : {}) }
  }

  function mutate(
    payload: ReturnType<typeof buildResponse>,
    fault: EmbeddingsFault,
    request: { dimensions: number; base64: boolean },
  ) {
    const data = payload.data as Array<{ object: string; index?: number; embedding: unknown }>
    const shorten = (item: { embedding: unknown }) => {
      if (typeof item.embedding === 'string') {
        const bytes = Buffer.from(item.embedding, 'base64')
        item.embedding = bytes.subarray(0, bytes.length - 4).toString('base64')
      } else item.embedding = (item.embedding as number[]).slice(0, request.dimensions - 1)
    }
    switch (fault.kind) {
      case 'shuffled': {
        let seed = data.length * 7919 + 17
        for (let i = data.length - 1; i > 0; i--) {
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
          const j = seed % (i + 1)
          ;[data[i], data[j]] = [data[j]!, data[i]!]
        }
        if (data.length > 1 && data.every((item, i) => item.index === i)) data.reverse()
        return
      }
      case 'reversed':
        data.reverse()
        return
      case 'missingIndex':
        if (data[fault.item ?? 0]) delete data[fault.item ?? 0]!.index
        return
      case 'duplicateIndex':
        if (data[fault.item ?? 1]) data[fault.item ?? 1]!.index = data[0]!.index
        return
      case 'outOfRangeIndex':
        if (data[fault.item ?? 0]) data[fault.item ?? 0]!.index = data.length
        return
      case 'fewer':
        data.pop()
        return
      case 'extra':
        data.push({ ...data[data.length - 1]!, index: data.length })
        return
      case 'emptyData':
        data.length = 0
        return
      case 'wrongDimension':
        if (fault.item === undefined) data.forEach(shorten)
        else if (data[fault.item]) shorten(data[fault.item]!)
        return
      case 'nonFinite': {
        const item = data[fault.item ?? 0]
        if (!item) return
        if (typeof item.embedding === 'string') {
          const bytes = Buffer.from(item.embedding, 'base64')
          const vector = new Float32Array(
            bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
          )
          vector[0] = Number.NaN
          item.embedding = Buffer.from(vector.buffer).toString('base64')
        } else (item.embedding as unknown[])[0] = 'value' in fault ? fault.value : 'NaN'
        return
      }
      default:
        return
    }
  }

  const listening = await listenOnLoopback(server)
  const port = listening.port

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    get maxInFlight() {
      return maxInFlight
    },
    script(...faults) {
      queue.push(...faults)
    },
    authorizationHash,
    async close() {
      closed = true
      timers.clear()
      for (const resolve of waiting.splice(0)) resolve()
      await listening.close()
    },
  }
}

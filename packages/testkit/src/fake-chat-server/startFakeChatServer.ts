import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
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
import type { ChatReply } from './ChatReply.js'
import type { RecordedChatRequest } from './RecordedChatRequest.js'

export interface FakeChatServerOptions {
  /** When set, a request without `Authorization: Bearer <apiKey>` gets a 401 (no echo). */
  apiKey?: string
  /** The reply when the script queue is empty. */
  reply?: (request: RecordedChatRequest) => ChatReply | undefined
}

export interface FakeChatServer {
  /** Base URL ending in `/v1`; POST `${url}/chat/completions`. */
  readonly url: string
  /** Every request received, in arrival order. */
  readonly requests: RecordedChatRequest[]
  /** Queue replies; each is consumed by one request, in arrival order. */
  script(...replies: ChatReply[]): void
  /** Hash used in `requests[].headers.authorization`, to compare with what a client sent. */
  authorizationHash(headerValue: string): string
  close(): Promise<void>
}

const MAX_BODY_BYTES = 8 * 1024 * 1024

/**
 * An OpenAI-compatible `POST /v1/chat/completions` on 127.0.0.1 and a random port, answering from a
 * script: text, JSON for structured output, and the faults a real provider shows (malformed JSON, a
 * refusal, a hang, 429 with Retry-After). Real `node:http`, so clients are tested with their real
 * `fetch`, like the fake embeddings server.
 */
export async function startFakeChatServer(options: FakeChatServerOptions = {}): Promise<FakeChatServer> {
  const queue: ChatReply[] = []
  const requests: RecordedChatRequest[] = []
  let closed = false

  const timers = createTimers()
  const wait = timers.wait

  const server = createServer((req, res) => {
    answerSafely(res, handle(req, res))
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { raw, body, ...line } = await receiveRequest(req, MAX_BODY_BYTES)
    const messages = (body as { messages?: unknown } | undefined)?.messages
    const record: RecordedChatRequest = {
      number: requests.length + 1,
      ...line,
      arrivedAt: Date.now(),
      body,
      messages: Array.isArray(messages) ? messages : [],
      outcome: 'ok',
    }
    requests.push(record)
    const reject = (status: number, message: string) => {
      record.outcome = 'rejected'
      record.status = status
      sendJson(res, status, { error: { message, type: 'invalid_request_error', code: status } })
    }
    if (record.method !== 'POST' || record.path !== '/v1/chat/completions') return reject(404, 'not found')
    if (raw === undefined) return reject(413, 'request body too large')
    if (typeof body !== 'object' || body === null) return reject(400, 'invalid JSON body')
    if (refuseUnauthorized(req, res, options.apiKey, record)) return
    const model = (body as { model?: unknown }).model
    if (typeof model !== 'string' || model === '') return reject(400, "'model' is required")
    if (record.messages.length === 0) return reject(400, "'messages' must be a non-empty array")
    if ((body as { stream?: unknown }).stream === true) return reject(400, 'the fake does not stream')
    const reply = queue.shift() ?? options.reply?.(record)
    await respond(res, record, reply, model)
  }

  async function respond(
    res: ServerResponse,
    record: RecordedChatRequest,
    reply: ChatReply | undefined,
    model: string,
  ): Promise<void> {
    const send = recordingSender(res, record)
    if (reply === undefined) {
      record.outcome = 'unscripted'
      return send(500, { error: { message: 'fake chat server: nothing scripted', code: 500 } })
    }
    record.outcome = reply.kind
    switch (reply.kind) {
      case 'delay':
        await wait(reply.ms)
        if (closed) return
        return respond(res, record, reply.reply, model)
      case 'hang':
        return
      case 'rateLimit': {
        return send(429, { error: { message: 'Rate limit exceeded', code: 429 } }, rateLimitHeaders(reply))
      }
      case 'status':
        return send(
          reply.status,
          reply.body ?? { error: { message: `fake status ${reply.status}`, code: reply.status } },
        )
      case 'malformedJson': {
        record.status = 200
        return sendHalfJson(res, completion(model, record.number, { role: 'assistant', content: '{}' }))
      }
      case 'refusal':
        return send(
          200,
          completion(model, record.number, {
            role: 'assistant',
            content: null,
            refusal: reply.refusal ?? "I'm sorry, I can't help with that.",
          }),
        )
      case 'json':
        return send(
          200,
          completion(model, record.number, { role: 'assistant', content: JSON.stringify(reply.value) }),
        )
      case 'content':
        return send(200, completion(model, record.number, { role: 'assistant', content: reply.content }))
      default:
        // A reply the script got wrong is loud, never a silent hang.
        return send(500, { error: { message: 'fake chat server: unknown reply kind', code: 500 } })
    }
  }

  const listening = await listenOnLoopback(server)
  const port = listening.port

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(...replies) {
      queue.push(...replies)
    },
    authorizationHash,
    async close() {
      closed = true
      timers.clear()
      await listening.close()
    },
  }
}

function completion(model: string, number: number, message: Record<string, unknown>) {
  return {
    id: `chatcmpl-fake-${number}`,
    object: 'chat.completion',
    created: 1_767_225_600,
    model,
    choices: [{ index: 0, message, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  }
}

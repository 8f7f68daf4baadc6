import {
  type Embedder,
  EmbeddingError,
  type EmbedOptions,
  estimateTokens,
  InvalidArgumentError,
} from '@agent-memory/core'
import { abortableSleep } from './abortableSleep.js'
import { createSecretScrubber } from './createSecretScrubber.js'
import { decodeEmbeddingsResponse } from './decodeEmbeddingsResponse.js'
import type { EmbeddingUsage, OpenRouterEmbedderOptions } from './OpenRouterEmbedderOptions.js'
import { parseRetryAfter } from './parseRetryAfter.js'
import { type Batch, planBatches } from './planBatches.js'
import { truncateToTokens } from './truncateToTokens.js'
import { withinCallerWait } from './withinCallerWait.js'

/** The option defaults (the README's figures are checked against these). */
export const OPENROUTER_DEFAULTS = {
  baseURL: 'https://openrouter.ai/api/v1',
  model: 'openai/text-embedding-3-small',
  dimensions: 1536,
  minScore: 0.3,
  costPerMillionTokens: 0.02,
  maxBatchSize: 256,
  maxTokensPerRequest: 300_000,
  maxTokensPerInput: 8191,
  truncate: false,
  encodingFormat: 'base64',
  maxParallel: 4,
  maxRetries: 5,
  maxMalformedRetries: 1,
  timeoutMs: 30_000,
  deadlineMs: 120_000,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
} as const

/**
 * A 400 or 422 that names the encoding: the answer of an OpenAI-compatible server that does not
 * accept `encoding_format` (servers that ignore it answer floats, which are decoded as well).
 */
const refusesBase64 = (status: number, body: string): boolean =>
  (status === 400 || status === 422) && /encoding[_ ]?format|base64/i.test(body)

/** Hard limits of the OpenAI embeddings API, which OpenRouter forwards to. */
const API_LIMITS = { maxInputs: 2048, maxTokensPerRequest: 300_000, maxTokensPerInput: 8191 } as const
const EXCERPT_LENGTH = 200

interface CallState {
  requests: number
  retries: number
  tokens: number
  tokensEstimated: boolean
  /** The latest failed attempt, so a deadline can say what went wrong rather than only "too slow". */
  lastFailure?: EmbeddingError
}

/**
 * An `Embedder` for OpenRouter or any OpenAI-compatible `/embeddings` endpoint: splits a call into
 * requests by count and estimated tokens, runs a bounded number in parallel, places vectors by
 * the response `index`, retries transient failures with backoff and full jitter (honouring
 * `Retry-After` and `retry-after-ms`), and validates every response. Errors are `EmbeddingError`s
 * that never contain the API key.
 */
export function createOpenRouterEmbedder(options: OpenRouterEmbedderOptions = {}): Embedder {
  const baseURL = (options.baseURL ?? OPENROUTER_DEFAULTS.baseURL).replace(/\/+$/, '')
  if (!/^https?:\/\/[^\s]+$/i.test(baseURL)) {
    throw new InvalidArgumentError('baseURL', 'baseURL must be an http(s) URL')
  }
  const apiKey = options.apiKey ?? process.env.OPENROUTER_API_KEY
  if ((apiKey === undefined || apiKey === '') && baseURL === OPENROUTER_DEFAULTS.baseURL) {
    throw new InvalidArgumentError('apiKey', 'no API key: set OPENROUTER_API_KEY or pass apiKey')
  }
  const model = options.model ?? OPENROUTER_DEFAULTS.model
  const dimensions = options.dimensions ?? OPENROUTER_DEFAULTS.dimensions
  const maxBatchSize = options.maxBatchSize ?? OPENROUTER_DEFAULTS.maxBatchSize
  const maxTokensPerRequest = options.maxTokensPerRequest ?? OPENROUTER_DEFAULTS.maxTokensPerRequest
  const maxTokensPerInput =
    options.maxTokensPerInput ?? Math.min(OPENROUTER_DEFAULTS.maxTokensPerInput, maxTokensPerRequest)
  const maxParallel = options.maxParallel ?? OPENROUTER_DEFAULTS.maxParallel
  const maxRetries = options.maxRetries ?? OPENROUTER_DEFAULTS.maxRetries
  const maxMalformedRetries = options.maxMalformedRetries ?? OPENROUTER_DEFAULTS.maxMalformedRetries
  const timeoutMs = options.timeoutMs ?? OPENROUTER_DEFAULTS.timeoutMs
  const deadlineMs = options.deadlineMs ?? OPENROUTER_DEFAULTS.deadlineMs
  const retryBaseDelayMs = options.retryBaseDelayMs ?? OPENROUTER_DEFAULTS.retryBaseDelayMs
  const retryMaxDelayMs = options.retryMaxDelayMs ?? OPENROUTER_DEFAULTS.retryMaxDelayMs
  const maxRetryAfterMs = options.maxRetryAfterMs ?? OPENROUTER_DEFAULTS.maxRetryAfterMs
  const costPerMillionTokens = options.costPerMillionTokens ?? OPENROUTER_DEFAULTS.costPerMillionTokens
  const minScore = options.minScore ?? OPENROUTER_DEFAULTS.minScore
  const integer = (name: string, value: number, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(name, `${name} must be an integer from ${min} to ${max}, got ${value}`)
    }
  }
  if (typeof model !== 'string' || model.trim() === '')
    throw new InvalidArgumentError('model', 'model is required')
  integer('dimensions', dimensions, 1, 16_000)
  integer('maxBatchSize', maxBatchSize, 1, API_LIMITS.maxInputs)
  integer('maxTokensPerRequest', maxTokensPerRequest, 1, API_LIMITS.maxTokensPerRequest)
  integer(
    'maxTokensPerInput',
    maxTokensPerInput,
    1,
    Math.min(API_LIMITS.maxTokensPerInput, maxTokensPerRequest),
  )
  integer('maxParallel', maxParallel, 1, 64)
  integer('maxRetries', maxRetries, 0, 20)
  integer('maxMalformedRetries', maxMalformedRetries, 0, 20)
  for (const [name, value] of Object.entries({
    timeoutMs,
    deadlineMs,
    retryBaseDelayMs,
    retryMaxDelayMs,
    maxRetryAfterMs,
  })) {
    if (!(Number.isFinite(value) && value >= 0))
      throw new InvalidArgumentError(name, `${name} must be a number ≥ 0`)
  }
  if (!(minScore >= 0 && minScore <= 1))
    throw new InvalidArgumentError('minScore', 'minScore must be from 0 to 1')
  if (!(costPerMillionTokens >= 0)) {
    throw new InvalidArgumentError('costPerMillionTokens', 'costPerMillionTokens must be ≥ 0')
  }
  const chosenFormat = options.encodingFormat
  if (chosenFormat !== undefined && chosenFormat !== 'float' && chosenFormat !== 'base64') {
    throw new InvalidArgumentError('encodingFormat', "encodingFormat must be 'float' or 'base64'")
  }
  // Unless chosen, base64 is asked for (as OpenAI's own SDK does) and floats once a server refuses it.
  let encodingFormat: 'float' | 'base64' = chosenFormat ?? OPENROUTER_DEFAULTS.encodingFormat

  const fetchImpl = options.fetch ?? globalThis.fetch
  const sleep = options.sleep ?? abortableSleep
  const random = options.random ?? Math.random
  const now = options.now ?? Date.now
  const scrub = createSecretScrubber(apiKey)
  const url = `${baseURL}/embeddings`
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (apiKey) headers.authorization = `Bearer ${apiKey}`
  if (options.referer) headers['HTTP-Referer'] = options.referer
  if (options.title) headers['X-Title'] = options.title
  Object.assign(headers, options.headers)
  // Answers that arrived but could not be used (not JSON, wrong shape or count, nulls): a server
  // that sends one usually sends it again, so they get `maxMalformedRetries`, not `maxRetries`.
  const malformedAnswers = new WeakSet<object>()
  const excerptOf = (text: string) => {
    const scrubbed = scrub(text.replace(/\s+/g, ' ').trim())
    return scrubbed.length > EXCERPT_LENGTH ? `${scrubbed.slice(0, EXCERPT_LENGTH)}…` : scrubbed
  }

  /** One HTTP attempt for one batch. Throws an EmbeddingError, or the abort reason. */
  async function attempt(
    inputs: string[],
    signals: { caller?: AbortSignal; call: AbortSignal },
  ): Promise<{ vectors: Float32Array[]; usageTokens: number | undefined; retryAfterMs?: number }> {
    const attemptSignal = AbortSignal.timeout(timeoutMs)
    const signal = AbortSignal.any(
      signals.caller ? [signals.caller, signals.call, attemptSignal] : [signals.call, attemptSignal],
    )
    const body: Record<string, unknown> = { model, input: inputs }
    if (options.dimensions !== undefined) body.dimensions = options.dimensions
    const askedBase64 = encodingFormat === 'base64'
    if (askedBase64) body.encoding_format = 'base64'
    let status: number | undefined
    let responseHeaders: Headers | undefined
    let text: string
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal,
        // An embeddings API never redirects; following one could carry the key to another host.
        redirect: 'error',
      })
      status = response.status
      responseHeaders = response.headers
      text = await response.text()
    } catch (error) {
      if (signals.caller?.aborted) throw signals.caller.reason
      if (signals.call.aborted) throw signals.call.reason
      if (attemptSignal.aborted) {
        throw new EmbeddingError(`embeddings request timed out after ${timeoutMs} ms`, {
          retryable: true,
          status,
        })
      }
      // Keep only the error's name and code: a raw fetch error can hold the request it came from.
      const cause = error as { name?: unknown; cause?: { code?: unknown; message?: unknown } }
      const detail = scrub(
        String(cause.cause?.code ?? cause.cause?.message ?? cause.name ?? 'network error').slice(
          0,
          EXCERPT_LENGTH,
        ),
      )
      throw new EmbeddingError(`embeddings request failed: network error (${detail})`, {
        retryable: true,
        status,
        cause: new Error(detail),
      })
    }
    if (status < 200 || status >= 300) {
      if (askedBase64 && chosenFormat === undefined && refusesBase64(status, text)) {
        // A server that does not know the parameter: JSON floats from now on, this batch at once.
        encodingFormat = 'float'
        return attempt(inputs, signals)
      }
      const excerpt = excerptOf(text)
      const retryable = status === 408 || status === 409 || status === 429 || status >= 500
      const error = new EmbeddingError(`embeddings request failed with HTTP ${status}: ${excerpt}`, {
        retryable,
        status,
        bodyExcerpt: excerpt,
      })
      const retryAfterMs = parseRetryAfter(responseHeaders!, now())
      throw retryAfterMs === undefined ? error : Object.assign(error, { retryAfterMs })
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      const error = new EmbeddingError('embeddings response rejected: the body is not valid JSON', {
        retryable: true,
        status,
        bodyExcerpt: excerptOf(text),
      })
      malformedAnswers.add(error)
      throw error
    }
    // An `error` object inside a 200 is the server's answer (often a failed upstream), not garbage.
    const answeredWithError =
      typeof parsed === 'object' && parsed !== null && (parsed as { error?: unknown }).error != null
    try {
      return decodeEmbeddingsResponse(
        parsed,
        { count: inputs.length, dimensions, model },
        () => excerptOf(text),
        scrub,
      )
    } catch (error) {
      if (!answeredWithError && typeof error === 'object' && error !== null) malformedAnswers.add(error)
      throw error
    }
  }

  /** Attempts with retries for one batch, within the call's deadline. */
  async function sendBatch(
    inputs: string[],
    signals: { caller?: AbortSignal; call: AbortSignal },
    deadline: number,
    state: CallState,
  ): Promise<Float32Array[]> {
    let malformed = 0
    for (let retry = 0; ; retry++) {
      state.requests++
      if (retry > 0) state.retries++
      try {
        const result = await attempt(inputs, signals)
        if (result.usageTokens === undefined) {
          // The spec's convention when usage is missing: characters counted 1:1 as tokens.
          state.tokens += inputs.reduce((sum, text) => sum + text.length, 0)
          state.tokensEstimated = true
        } else state.tokens += result.usageTokens
        return result.vectors
      } catch (error) {
        if (EmbeddingError.isInstance(error)) state.lastFailure = error
        if (!EmbeddingError.isInstance(error) || !error.retryable || retry >= maxRetries) throw error
        if (malformedAnswers.has(error) && ++malformed > maxMalformedRetries) throw error
        const requested = (error as { retryAfterMs?: number }).retryAfterMs
        const ceiling = Math.min(retryMaxDelayMs, retryBaseDelayMs * 2 ** retry)
        const delay = requested === undefined ? random() * ceiling : Math.min(requested, maxRetryAfterMs)
        if (now() + delay > deadline) throw error
        await sleep(delay, AbortSignal.any(signals.caller ? [signals.caller, signals.call] : [signals.call]))
        if (signals.caller?.aborted) throw signals.caller.reason
        if (signals.call.aborted) throw signals.call.reason
      }
    }
  }

  return {
    model,
    dimensions,
    minScore,
    async embed(texts: string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
      const caller = embedOptions.signal
      caller?.throwIfAborted()
      if (!Array.isArray(texts)) throw new InvalidArgumentError('texts', 'texts must be an array of strings')
      if (texts.length === 0) return []
      const inputs: string[] = new Array(texts.length)
      const tokenCounts: number[] = new Array(texts.length)
      for (let i = 0; i < texts.length; i++) {
        const text = texts[i]
        if (typeof text !== 'string') throw new InvalidArgumentError('texts', `texts[${i}] must be a string`)
        if (text.trim() === '') {
          throw new EmbeddingError(`input ${i} is empty; the embeddings API rejects empty text`, {
            retryable: false,
          })
        }
        let tokens = estimateTokens(text)
        inputs[i] = text
        if (tokens > maxTokensPerInput) {
          if (!(options.truncate ?? OPENROUTER_DEFAULTS.truncate)) {
            throw new EmbeddingError(
              `input ${i} is too long: about ${tokens} tokens, over the limit of ${maxTokensPerInput}; ` +
                'chunk it first or pass truncate: true',
              { retryable: false },
            )
          }
          inputs[i] = truncateToTokens(text, maxTokensPerInput)
          tokens = estimateTokens(inputs[i]!)
        }
        tokenCounts[i] = tokens
      }

      const batches = planBatches(tokenCounts, maxBatchSize, maxTokensPerRequest)
      const callDeadlineMs = withinCallerWait(deadlineMs, embedOptions.timeoutMs)
      const deadline = now() + callDeadlineMs
      const callController = new AbortController()
      const state: CallState = { requests: 0, retries: 0, tokens: 0, tokensEstimated: false }
      const deadlineTimer = setTimeout(() => {
        const last = state.lastFailure
        callController.abort(
          new EmbeddingError(
            `embeddings call exceeded its deadline of ${callDeadlineMs} ms` +
              (last === undefined ? '' : `; the last attempt failed: ${last.message}`),
            {
              retryable: true,
              ...(last?.status === undefined ? {} : { status: last.status }),
              ...(last?.bodyExcerpt === undefined ? {} : { bodyExcerpt: last.bodyExcerpt }),
            },
          ),
        )
      }, callDeadlineMs)
      const signals = { caller, call: callController.signal }
      const vectors: Float32Array[] = new Array(texts.length)
      let next = 0
      let failure: { error: unknown } | undefined
      const worker = async () => {
        while (failure === undefined && next < batches.length && !caller?.aborted) {
          const batch: Batch = batches[next++]!
          try {
            const batchVectors = await sendBatch(
              inputs.slice(batch.start, batch.end),
              signals,
              deadline,
              state,
            )
            for (let i = 0; i < batchVectors.length; i++) vectors[batch.start + i] = batchVectors[i]!
          } catch (error) {
            if (failure === undefined) {
              failure = { error }
              // Stop the other requests of this call: the call fails as a whole.
              callController.abort(error)
            }
          }
        }
      }
      try {
        await Promise.all(Array.from({ length: Math.min(maxParallel, batches.length) }, worker))
      } finally {
        clearTimeout(deadlineTimer)
        if (state.requests > 0 && options.onUsage) {
          const usage: EmbeddingUsage = {
            inputs: texts.length,
            tokens: state.tokens,
            tokensEstimated: state.tokensEstimated,
            costUsd: (state.tokens * costPerMillionTokens) / 1_000_000,
            requests: state.requests,
            retries: state.retries,
            failed: failure !== undefined || caller?.aborted === true,
          }
          options.onUsage(usage)
        }
      }
      if (caller?.aborted) throw caller.reason
      if (failure !== undefined) throw failure.error
      return vectors
    },
  }
}

import {
  DEFAULT_PROFILE_TOKENS,
  effectiveMinScore,
  formatMemorySearchResult,
  InvalidArgumentError,
  MAX_QUERY_LENGTH,
  MEMORY_SEARCH_SENTENCES,
  NamespaceSchema,
} from '@agent-memory/core'
import type { LanguageModelMiddleware } from 'ai'
import { observe } from '../observe/observe.js'
import { positiveInteger } from '../observe/positiveInteger.js'
import { conversationOf } from './conversationOf.js'
import { latestUserText } from './latestUserText.js'
import type { MemoryMiddleware } from './MemoryMiddleware.js'
import type { MemoryMiddlewareOptions } from './MemoryMiddlewareOptions.js'
import { renderProfileBlock } from './renderProfileBlock.js'
import { renderRecallBlock } from './renderRecallBlock.js'
import { withRecallBlock } from './withRecallBlock.js'

type StreamPart =
  Awaited<
    ReturnType<Parameters<NonNullable<LanguageModelMiddleware['wrapStream']>>[0]['doStream']>
  >['stream'] extends ReadableStream<infer P>
    ? P
    : never

/**
 * Automatic recall for any AI SDK model: `wrapLanguageModel({ model, middleware:
 * createMemoryMiddleware({ memory, namespace }) })`. Before each call it recalls for the latest user message and puts the
 * hits in the system message as fenced data, in `memory_search`'s exact format and sentences (the
 * empty one when nothing is relevant, the failure one when memory is down), after the namespace's
 * profile in its own fenced block (`profile`, on by default). With `observe` set,
 * each exchange is observed after the response, off the response path.
 */
export function createMemoryMiddleware(options: MemoryMiddlewareOptions): MemoryMiddleware {
  if (!NamespaceSchema.safeParse(options.namespace).success) {
    throw new InvalidArgumentError(
      'namespace',
      'createMemoryMiddleware needs a valid namespace from the session',
    )
  }
  const { memory, namespace } = options
  const limit = positiveInteger('limit', options.limit, 5, 10)
  const maxTokens = positiveInteger('maxTokens', options.maxTokens, 800, 100_000, 50)
  const timeoutMs = positiveInteger('timeoutMs', options.timeoutMs, 3000, 600_000)
  const profileTokens =
    options.profile === false
      ? undefined
      : positiveInteger('profile.maxTokens', options.profile?.maxTokens, DEFAULT_PROFILE_TOKENS, 100_000)
  let last: { key: string; block: string } | undefined
  let lastProfile: { key: string; block: string | undefined } | undefined
  let pending: Promise<void> = Promise.resolve()

  const recallBlock = async (query: string, turn: number): Promise<string> => {
    // A tool loop calls the model several times for one user message: recall once per turn.
    const key = `${turn}\n${query}`
    if (last?.key === key) return last.block
    let text: string
    try {
      const minScore = effectiveMinScore(memory)
      const result = await memory.recall(namespace, query.slice(0, MAX_QUERY_LENGTH), {
        limit,
        minScore,
        signal: AbortSignal.timeout(timeoutMs),
      })
      text = formatMemorySearchResult(result, minScore)
      last = { key, block: renderRecallBlock(text, maxTokens) }
      return last.block
    } catch (error) {
      options.onError?.(error, { operation: 'recall' })
      text = MEMORY_SEARCH_SENTENCES.searchUnavailable
      return renderRecallBlock(text, maxTokens)
    }
  }

  const profileBlock = async (query: string, turn: number): Promise<string | undefined> => {
    if (profileTokens === undefined) return undefined
    // Read once per user turn, like recall: a tool loop's later calls reuse it.
    const key = `${turn}\n${query}`
    if (lastProfile?.key === key) return lastProfile.block
    try {
      const profile = await memory.profile(namespace, { maxTokens: profileTokens })
      lastProfile = { key, block: profile.text === '' ? undefined : renderProfileBlock(profile.text) }
      return lastProfile.block
    } catch (error) {
      // Recall's block speaks for memory being down; a missing profile is only left out.
      options.onError?.(error, { operation: 'profile' })
      return undefined
    }
  }

  const scheduleObserve = (prompt: Parameters<typeof conversationOf>[0], reply: string) => {
    const settings = options.observe
    if (!settings) return
    const { onReport, ...observeOptions } = settings
    const messages = conversationOf(prompt, reply)
    // One exchange at a time, so the ledger sees each before the next.
    pending = pending.then(async () => {
      try {
        const report = await observe(memory, namespace, messages, observeOptions)
        onReport?.(report)
      } catch (error) {
        options.onError?.(error, { operation: 'observe' })
      }
    })
  }

  return {
    specificationVersion: 'v3',
    async transformParams({ params }) {
      const query = latestUserText(params.prompt)
      if (query === undefined) return params
      const turn = params.prompt.filter((message) => message.role === 'user').length
      const [profile, recalled] = await Promise.all([profileBlock(query, turn), recallBlock(query, turn)])
      const block = profile === undefined ? recalled : `${profile}\n\n${recalled}`
      return { ...params, prompt: withRecallBlock(params.prompt, block) }
    },
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate()
      const reply = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
      scheduleObserve(params.prompt, reply)
      return result
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream()
      if (!options.observe) return result
      let reply = ''
      const collect = new TransformStream<StreamPart, StreamPart>({
        transform(part, controller) {
          if (part.type === 'text-delta') reply += part.delta
          controller.enqueue(part)
        },
        flush() {
          scheduleObserve(params.prompt, reply)
        },
      })
      return { ...result, stream: result.stream.pipeThrough(collect) }
    },
    idle: () => pending,
  }
}

import { MockLanguageModelV3 } from 'ai/test'

const usage = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
}

/** One scripted model answer: a JSON value sent as the reply text, raw text, an error, or a hang. */
export type ScriptedReply = { json: unknown } | { text: string } | { error: Error } | { hang: true }

/**
 * The AI SDK's mock model answering `doGenerate` calls from a script, in order. An unscripted call
 * throws, so a test notices a model call it did not expect. A hang waits for the call's abort signal.
 */
export function scriptedModel(...replies: ScriptedReply[]): MockLanguageModelV3 {
  let step = 0
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const reply = replies[step]
      step += 1
      if (reply === undefined) throw new Error(`unscripted model call #${step}`)
      if ('error' in reply) throw reply.error
      if ('hang' in reply) {
        return new Promise((_, reject) => {
          const signal = options.abortSignal
          if (signal?.aborted) reject(signal.reason)
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
        })
      }
      const text = 'json' in reply ? JSON.stringify(reply.json) : reply.text
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }
    },
  })
}

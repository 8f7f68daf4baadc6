import { MockLanguageModelV3 } from 'ai/test'

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
}

/**
 * The AI SDK's mock model, scripted: step i (i < calls.length) makes the tool call `calls[i]` with
 * the raw JSON `input` a real model would send; the step after answers with plain text.
 */
export function scriptedToolModel(calls: Array<{ toolName: string; input: string }>): MockLanguageModelV3 {
  let step = 0
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const call = calls[step]
      step += 1
      if (call === undefined) {
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        }
      }
      return {
        content: [
          { type: 'tool-call', toolCallId: `call-${step}`, toolName: call.toolName, input: call.input },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      }
    },
  })
}

import type { MockLanguageModelV3 } from 'ai/test'

/** Everything the mock model was sent in call `index` (system and messages), as one string. */
export function promptText(model: MockLanguageModelV3, index: number): string {
  const call = model.doGenerateCalls[index] ?? model.doStreamCalls[index]
  if (!call) throw new Error(`no model call #${index}`)
  return call.prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => ('text' in part ? part.text : '')).join(''),
    )
    .join('\n')
}

import { MockLanguageModelV3 } from 'ai/test'

type Call = MockLanguageModelV3['doGenerateCalls'][number]

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
}

/**
 * An offline stand-in for a real model, so the example runs with no key: it answers chat turns by
 * reading back the memory block the middleware put in its system prompt, and plays the extraction
 * and decision roles of `observe` with a few rules ("I live in X" → "The user lives in X."). A real
 * model does all of this far better; the wiring is the same.
 */
export function scriptedChatModel(): MockLanguageModelV3 {
  const answer = (call: Call): string => {
    if (call.responseFormat?.type === 'json') return JSON.stringify(structured(call))
    const system = call.prompt.find((message) => message.role === 'system')?.content ?? ''
    const block = system.split('<long-term-memory>\n')[1]?.split('\n</long-term-memory>')[0] ?? ''
    return `(offline model) What I remember for this: ${block.replace(/\n/g, ' / ')}`
  }
  return new MockLanguageModelV3({
    provider: 'offline',
    modelId: 'scripted',
    doGenerate: async (call) => ({
      content: [{ type: 'text', text: answer(call) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async (call) => {
      const text = answer(call)
      return {
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' })
            controller.enqueue({ type: 'text-delta', id: 't', delta: text })
            controller.enqueue({ type: 'text-end', id: 't' })
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage })
            controller.close()
          },
        }),
      }
    },
  })
}

function structured(call: Call): unknown {
  const user = call.prompt.find((message) => message.role === 'user')
  const text = user?.content.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? ''
  const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1).replace(/\\u003c/g, '<'))
  if ('extractFrom' in json) return { candidates: extract(json) }
  return { decisions: decide(json) }
}

function extract(conversation: {
  extractFrom: number[]
  messages: Array<{ n: number; role: string; text: string }>
}) {
  const candidates = []
  for (const message of conversation.messages) {
    if (!conversation.extractFrom.includes(message.n)) continue
    for (const sentence of message.text.split(/(?<=[.!?])\s+/u)) {
      const fact = /^I (am|live in|like|love|work as|prefer) (.+?)[.!]?$/iu.exec(sentence.trim())
      if (!fact) continue
      const verb = {
        am: 'is',
        'live in': 'lives in',
        like: 'likes',
        love: 'loves',
        'work as': 'works as',
        prefer: 'prefers',
      }[fact[1]!.toLowerCase()]
      candidates.push({
        content: `The user ${verb} ${fact[2]}.`,
        tier: 'semantic',
        importance: 0.6,
        validFrom: null,
        validTo: null,
        tags: [],
        source: message.n,
      })
    }
  }
  return candidates
}

function decide(input: {
  candidates: Array<{
    candidate: string
    content: string
    existing: Array<{ alias: string; content: string }>
  }>
}) {
  return input.candidates.map(({ candidate, content, existing }) => {
    const same = existing.find((memory) => memory.content.toLowerCase() === content.toLowerCase())
    if (same) return { candidate, action: 'reinforce', target: same.alias, reason: 'same fact' }
    const moved = content.startsWith('The user lives in ')
      ? existing.find((memory) => memory.content.startsWith('The user lives in '))
      : undefined
    if (moved) return { candidate, action: 'supersede', target: moved.alias, reason: 'moved' }
    return { candidate, action: 'add', target: null, reason: 'new' }
  })
}

// ai 6 and 7: @agent-memory/observe's middleware around a wrapped mock model (middleware-vN.ts pass
// in their major's own mocks): the profile block and the recall block in the system message the
// model gets, and the exchange observed after the answer (a memory written from it).
import { createMemoryMiddleware, type ObserveReport } from '@agent-memory/observe'
import { generateText, type LanguageModel, wrapLanguageModel } from 'ai'
import { usage } from './ai-sdk.js'
import { check, FACT, seededMemory } from './memory.js'

/** A mock model's doGenerate answering the given texts in order (LanguageModelV3 and V4 alike). */
export function replies(...texts: string[]) {
  let step = 0
  return async () => {
    const text = texts[step]
    step += 1
    if (text === undefined) throw new Error(`unscripted model call #${step}`)
    return {
      content: [{ type: 'text' as const, text }],
      finishReason: { unified: 'stop' as const, raw: 'stop' },
      usage,
      warnings: [],
    }
  }
}

/** What the observing model answers: one candidate from the user's message, then "add" it. */
export const OBSERVED = 'The user cooks on Sundays.'
export const observeReplies = [
  JSON.stringify({
    candidates: [
      {
        content: OBSERVED,
        tier: 'semantic',
        importance: 0.7,
        validFrom: null,
        validTo: null,
        tags: [],
        source: 1,
      },
    ],
  }),
  JSON.stringify({ decisions: [{ candidate: 'c1', action: 'add', target: null, reason: 'habit' }] }),
]

export async function middlewareRoundTrip(
  chat: Parameters<typeof wrapLanguageModel>[0]['model'],
  systemMessage: () => string | undefined,
  observeModel: LanguageModel,
  major: number,
): Promise<void> {
  const { memory, close } = await seededMemory()
  try {
    const reports: ObserveReport[] = []
    const middleware = createMemoryMiddleware({
      memory,
      namespace: 'u1',
      observe: { model: observeModel, onReport: (report) => reports.push(report) },
    })
    const { text } = await generateText({
      model: wrapLanguageModel({ model: chat, middleware }),
      prompt: 'I cook on Sundays. Is the user vegetarian, and what should I cook?',
    })
    check(text === 'Lentil soup.', `text: ${text}`)
    const system = systemMessage() ?? ''
    const profile = /<user-profile>\n([\s\S]*?)\n<\/user-profile>/u.exec(system)?.[1] ?? ''
    const recalled = /<long-term-memory>\n([\s\S]*?)\n<\/long-term-memory>/u.exec(system)?.[1] ?? ''
    check(profile.includes(FACT), `profile block: ${JSON.stringify(system)}`)
    check(recalled.includes(FACT) && !recalled.includes('steak'), `recall block: ${JSON.stringify(system)}`)
    await middleware.idle()
    check(reports[0]?.added[0]?.content === OBSERVED, `observe report: ${JSON.stringify(reports)}`)
    const stored = (await memory.list('u1')).map((m) => m.content)
    check(stored.includes(OBSERVED), `memories after the turn: ${JSON.stringify(stored)}`)
    console.log(`round trip ok: ai ${major} middleware (profile + recall blocks, observed after the turn)`)
  } finally {
    await close()
  }
}

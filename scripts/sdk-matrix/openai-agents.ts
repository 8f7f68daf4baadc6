// OpenAI Agents SDK: run() of an agent whose scripted Model (offline) calls memory_search; the user
// comes from the run context, and each of two look-alike users gets only their own memory.
import { memoryAgentTools } from '@agent-memory/tool-memory-search/openai-agents'
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  run,
  setTracingDisabled,
  Usage,
} from '@openai/agents'
import { check, FACT, seededMemory } from './memory.js'

setTracingDisabled(true)

interface AppContext {
  userId: string
}

/** Calls memory_search on its first turn, then answers with the tool's text. */
function scriptedModel(): Model {
  let turns = 0
  return {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      turns += 1
      if (turns === 1) {
        const call = {
          type: 'function_call',
          callId: 'call_1',
          name: 'memory_search',
          status: 'completed',
        } as const
        return {
          usage: new Usage(),
          output: [{ ...call, arguments: '{"query":"What does the user eat? vegetarian"}' }],
        }
      }
      const items = typeof request.input === 'string' ? [] : request.input
      const result = items.find((item) => item.type === 'function_call_result')
      const output = result?.type === 'function_call_result' ? result.output : undefined
      const text = textOf(output)
      const content = [{ type: 'output_text', text }] as const
      return {
        usage: new Usage(),
        output: [{ type: 'message', role: 'assistant', status: 'completed', content: [...content] }],
      }
    },
    getStreamedResponse(): AsyncIterable<never> {
      throw new Error('this round trip does not stream')
    },
  }
}

const { memory, close } = await seededMemory()
const answers: Record<string, string> = {}
for (const userId of ['u1', 'u10']) {
  const agent = new Agent<AppContext>({
    name: 'assistant',
    instructions: 'Answer with what you know about the user.',
    model: scriptedModel(),
    tools: memoryAgentTools({ memory, namespaceFromContext: (context: AppContext) => context.userId }),
  })
  const result = await run(agent, 'What should I cook tonight?', { context: { userId } })
  answers[userId] = String(result.finalOutput)
}
await close()
check(answers.u1?.includes(FACT) === true, `u1 got ${answers.u1}`)
check(answers.u10?.includes('vegetarian') === false, `u10 got ${answers.u10}`)
console.log("run() with a scripted Model: memory_search answered from the run context's user only")

/** A tool result's text: the string itself, or the `text` of a text output. */
function textOf(output: unknown): string {
  if (typeof output === 'string') return output
  if (typeof output === 'object' && output !== null && 'text' in output && typeof output.text === 'string') {
    return output.text
  }
  return JSON.stringify(output)
}

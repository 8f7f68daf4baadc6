// openai: one round trip of the README's Chat Completions and Responses calls through the real client
// and a scripted server (the README text itself compiles as readme-openai-chat.ts and -responses.ts).
import type { MemoryService } from '@agent-memory/core'
import {
  handleOpenAIResponsesFunctionCalls,
  handleOpenAIToolCalls,
  openAIChatCompletionsTools,
  openAIResponsesTools,
} from '@agent-memory/tool-memory-search'
import OpenAI from 'openai'
import { check, FACT, seededMemory } from './memory.js'
import { scriptedServer } from './scriptedServer.js'

// The README's Chat Completions example as a function the round trip can call.
export async function chatTurn(
  openai: OpenAI,
  model: string,
  messages: OpenAI.ChatCompletionMessageParam[],
  memory: MemoryService,
  session: { userId: string },
): Promise<OpenAI.ChatCompletionMessage> {
  const completion = await openai.chat.completions.create({
    model,
    messages,
    tools: openAIChatCompletionsTools(),
  })
  const message = completion.choices[0]!.message
  if (message.tool_calls) {
    messages.push(
      message,
      ...(await handleOpenAIToolCalls(message.tool_calls, { memory, namespace: session.userId })),
    )
  }
  return message
}

// The README's Responses API example likewise.
export async function responsesTurn(
  openai: OpenAI,
  model: string,
  input: string,
  memory: MemoryService,
  session: { userId: string },
): Promise<string> {
  const response = await openai.responses.create({ model, input, tools: openAIResponsesTools() })
  const next = await openai.responses.create({
    model,
    previous_response_id: response.id,
    input: await handleOpenAIResponsesFunctionCalls(response.output, { memory, namespace: session.userId }),
    tools: openAIResponsesTools(),
  })
  return next.output_text
}

const completion = (message: Record<string, unknown>, finish: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 0,
  model: 'scripted',
  choices: [
    {
      index: 0,
      finish_reason: finish,
      logprobs: null,
      message: { role: 'assistant', refusal: null, ...message },
    },
  ],
})
const response = (id: string, output: unknown[]) => ({
  id,
  object: 'response',
  created_at: 0,
  status: 'completed',
  model: 'scripted',
  output,
})

const { memory, close } = await seededMemory()
const server = await scriptedServer([
  () =>
    completion(
      {
        content: null,
        tool_calls: [
          { id: 'call_custom', type: 'custom', custom: { name: 'run_sql', input: 'select 1' } },
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'memory_search', arguments: '{"query":"Is the user vegetarian?"}' },
          },
        ],
      },
      'tool_calls',
    ),
  () => completion({ content: 'Cook the lentil soup.' }, 'stop'),
  () =>
    response('resp_1', [
      { type: 'reasoning', id: 'rs_1', summary: [] },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_r',
        name: 'memory_search',
        arguments: '{"query":"Is the user vegetarian?"}',
        status: 'completed',
      },
    ]),
  () =>
    response('resp_2', [
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Lentil soup it is.', annotations: [] }],
      },
    ]),
])
try {
  const openai = new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 })
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'What should I cook?' }]
  await chatTurn(openai, 'scripted', messages, memory, { userId: 'u1' })
  const tool = messages.find((m) => m.role === 'tool')
  check(
    messages.length === 3,
    `chat: expected user, assistant and one tool message, got ${JSON.stringify(messages)}`,
  )
  check(
    tool?.tool_call_id === 'call_1' && String(tool.content).includes(FACT),
    `chat tool message: ${JSON.stringify(tool)}`,
  )
  const last = await chatTurn(openai, 'scripted', messages, memory, { userId: 'u1' })
  check(last.content === 'Cook the lentil soup.', `chat final: ${JSON.stringify(last)}`)
  const sent = server.requests[1]?.body as { messages: Array<{ role: string; content: unknown }> }
  check(JSON.stringify(sent.messages).includes(FACT), 'chat: the tool answer did not reach the model')

  const text = await responsesTurn(openai, 'scripted', 'What should I cook?', memory, { userId: 'u1' })
  const followUp = server.requests[3]?.body as {
    previous_response_id: string
    input: Array<{ type: string; call_id: string; output: string }>
  }
  check(followUp.previous_response_id === 'resp_1', `responses: ${JSON.stringify(followUp)}`)
  check(
    followUp.input.length === 1 &&
      followUp.input[0]?.call_id === 'call_r' &&
      followUp.input[0].output.includes(FACT),
    `responses input: ${JSON.stringify(followUp.input)}`,
  )
  check(text === 'Lentil soup it is.', `responses output_text: ${text}`)
  console.log('round trip ok: openai chat.completions and responses')
} finally {
  await server.close()
  await close()
}

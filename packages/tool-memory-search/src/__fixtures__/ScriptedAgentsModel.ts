import { type Model, type ModelRequest, type ModelResponse, Usage } from '@openai/agents'

/**
 * An OpenAI Agents SDK `Model`, scripted and offline: its first turn calls `toolName` with the raw
 * JSON `input` a real model would send; once a tool result is in the input, it answers with that
 * result's text. Every request it got is kept in `requests`.
 */
export class ScriptedAgentsModel implements Model {
  readonly requests: ModelRequest[] = []

  constructor(private readonly call: { toolName: string; input: string }) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request)
    const items = typeof request.input === 'string' ? [] : request.input
    const result = items.find((item) => item.type === 'function_call_result')
    if (result === undefined) {
      return {
        usage: new Usage(),
        output: [
          {
            type: 'function_call',
            callId: `call_${this.requests.length}`,
            name: this.call.toolName,
            arguments: this.call.input,
            status: 'completed',
          },
        ],
      }
    }
    const output = result.type === 'function_call_result' ? result.output : undefined
    const text = textOf(output)
    return {
      usage: new Usage(),
      output: [
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text }],
        },
      ],
    }
  }

  // biome-ignore lint/correctness/useYield: the runs in these tests never stream
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('ScriptedAgentsModel does not stream')
  }
}

/** A tool result's text: the string itself, or the `text` of a text output. */
function textOf(output: unknown): string {
  if (typeof output === 'string') return output
  if (typeof output === 'object' && output !== null && 'text' in output && typeof output.text === 'string') {
    return output.text
  }
  return JSON.stringify(output)
}

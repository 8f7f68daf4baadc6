import { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { AIMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages'
import type { ChatResult } from '@langchain/core/outputs'

/** One tool call the model makes on its first turn. */
export interface ScriptedCall {
  name: string
  args: Record<string, unknown>
}

/**
 * A chat model that plays a script, offline: on a turn that follows no tool result it calls the
 * scripted tool; once a tool has answered, it answers with that tool's text, so what the agent
 * says is what the store gave it. Every prompt it was shown is kept in `seen`.
 */
export class ScriptedChatModel extends BaseChatModel {
  readonly seen: BaseMessage[][] = []

  constructor(private readonly call: ScriptedCall) {
    super({})
  }

  _llmType(): string {
    return 'scripted'
  }

  override bindTools(): this {
    return this
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.seen.push(messages)
    const last = messages.at(-1)
    const message = ToolMessage.isInstance(last)
      ? new AIMessage({ content: `From memory: ${String(last.content)}` })
      : new AIMessage({
          content: '',
          tool_calls: [
            { id: `call_${this.seen.length}`, name: this.call.name, args: this.call.args, type: 'tool_call' },
          ],
        })
    return { generations: [{ text: String(message.content), message }] }
  }
}

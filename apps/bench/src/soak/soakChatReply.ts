import type { ChatReply, RecordedChatRequest } from '@agent-memory/testkit'

/**
 * The fake chat model's answer to `observe`: the extraction finds one fact in the message (its
 * words and marker, so each is new), the decision adds it.
 */
export function soakChatReply(request: RecordedChatRequest): ChatReply {
  const format = (request.body as { response_format?: { json_schema?: { name?: string } } }).response_format
  if (format?.json_schema?.name === 'memory_decisions') {
    return {
      kind: 'json',
      value: { decisions: [{ candidate: 'c1', action: 'add', target: null, reason: 'new' }] },
    }
  }
  const said = /Remember this: ([^"\\]*?) \(soakfact ([^)"\\]*)\)/.exec(JSON.stringify(request.messages))
  const content = said ? `The user noted ${said[1]} (${said[2]}).` : 'The user said something.'
  return {
    kind: 'json',
    value: {
      candidates: [
        { content, tier: 'semantic', importance: 0.6, validFrom: null, validTo: null, tags: [], source: 1 },
      ],
    },
  }
}

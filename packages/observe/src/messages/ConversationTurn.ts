/** One message reduced to what extraction reads: its role, its text, and its idempotence key. */
export interface ConversationTurn {
  /** 1-based position in the messages passed to `observe`; the model cites it as `source`. */
  n: number
  role: 'user' | 'assistant' | 'system' | 'tool'
  /** The text parts joined; capped at `MAX_TURN_CHARS`. */
  text: string
  /** `id:<message id>` when the message had one, else a hash chained over the conversation so far. */
  key: string
}

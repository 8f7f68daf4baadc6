/**
 * The holder's answer to a `RecallRequest`: the service's `RecallResult` as JSON (revived by
 * `reviveRecallResult`), or to a stats request its `MemoryServiceStats`; or why it declined. The client opens the store itself after a decline,
 * so the command's own path reports any real failure in its own words.
 */
export type RecallReply =
  | {
      ok: true
      /** `process <pid> (<command>)`, as the store server is named elsewhere. */
      servedBy: string
      /** The holder's embedder notice (never holds an API key). */
      embedder: string
      result: unknown
    }
  | { ok: false; reason: 'version' | 'embedder' | 'invalid' | 'failed'; message: string }

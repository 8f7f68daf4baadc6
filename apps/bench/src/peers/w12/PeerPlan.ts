/** What a W12 child process runs: which side, where its database and the embeddings server are, and the sizes. */
export interface PeerPlan {
  side: 'ours-postgres' | 'ours-embedded' | 'mem0' | 'mastra'
  /** The side's own, empty database (absent for the embedded store). */
  databaseUrl?: string
  /** The OpenAI-compatible base URL (ending in `/v1`) every side embeds through. */
  embedderUrl: string
  dimensions: number
  /** Memories of the one large user; search is measured at each checkpoint (ascending, the last = `solo`). */
  solo: number
  checkpoints: number[]
  /** Users of the many-users phase, `perUser` memories each. */
  users: number
  perUser: number
  queries: number
  warmup: number
  k: number
  /** Memories per write call. */
  batch: number
  /** LoCoMo file, with at most this many conversations and questions per conversation (absent: skipped). */
  locomo?: { file: string; conversations: number; questionsPerConversation: number }
  /** Mastra's vector index: its default (IVFFlat) or the HNSW its docs recommend. */
  mastraIndex?: 'ivfflat' | 'hnsw'
  /**
   * WAL and row versions per search (PostgreSQL sides): `searches` more searches of the one user,
   * each counter read after `settleMs` of quiet so every session's statistics are in.
   */
  writeProbe?: { searches: number; settleMs: number }
  /** Where the child writes its `PeerResult` as JSON. */
  resultFile: string
}

/** One W12 pass: which vectors every side embeds with, and what each round trip to PostgreSQL costs. */
export interface W12Variant {
  /** The report section's id (`W12`, `W12-USE`, `W12-NET`, `W12-USE-NET`). */
  id: string
  /** The vectors the shared `/v1/embeddings` server serves: the hashing embedder's or embedder-use's. */
  embedder: 'hashing' | 'use'
  /** Added to every round trip between a side's process and PostgreSQL (a delaying proxy); 0 for none. */
  addedLatencyMs: number
}

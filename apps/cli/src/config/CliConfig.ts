/** Where the memories live. */
export type StoreTarget =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'postgres'; url: string; schema?: string }

/** Which embedder turns text into vectors. */
export type EmbedderChoice =
  | { kind: 'hashing'; dimensions?: number }
  | { kind: 'use' }
  | { kind: 'openrouter'; apiKey?: string; baseUrl?: string; model?: string; dimensions?: number }

/** Everything a command needs to open the memory, resolved once from flags and environment. */
export interface CliConfig {
  store: StoreTarget
  embedder: EmbedderChoice
  debug: boolean
}

/** The program-wide flags as commander hands them over (all optional). */
export interface GlobalOptions {
  dataDir?: string
  databaseUrl?: string
  schema?: string
  embedder?: string
  baseUrl?: string
  model?: string
  dimensions?: number
  debug?: boolean
}

/** What one client asks of the store, through whichever path it was given. */
export interface SoakCalls {
  /** The path's name in the report (`library`, `store socket`, `recall socket`, `mcp`, `second pool`). */
  readonly path: string
  /** Operations this client sends another way than `path` (the recall socket's searches, MCP's tools). */
  readonly paths?: Readonly<Record<string, string>>
  remember(namespace: string, content: string): Promise<{ id: string; degraded: boolean }>
  rememberMany(namespace: string, contents: string[]): Promise<{ ids: string[]; degraded: boolean }>
  search(namespace: string, query: string): Promise<{ degraded: boolean }>
  /** Throws when the memory was not there: a client forgets only what it wrote. */
  forget(namespace: string, id: string): Promise<void>
  supersede(namespace: string, oldId: string, content: string): Promise<{ id: string; degraded: boolean }>
  /** `observe` of one user message against the fake chat model: the ids it added. */
  observe(namespace: string, message: string): Promise<{ ids: string[] }>
}

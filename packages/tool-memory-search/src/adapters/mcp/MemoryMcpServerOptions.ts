import type { MemoryService } from '@agent-memory/core'
import type { MemoryToolSelection } from '../../run/MemoryToolSelection.js'

export interface MemoryMcpServerOptions extends MemoryToolSelection {
  memory: MemoryService
  /**
   * The user every call of this server acts for, from the server's configuration (one server
   * process per user, as MCP hosts run them). No tool takes a namespace argument.
   */
  namespace: string
  /** Reported to the client in `initialize`. Default `{ name: 'agent-memory', version: '0.1.0' }`. */
  serverInfo?: { name: string; version: string }
  /** Receives the error behind an "unavailable" answer; never sent to the client. */
  onError?: (error: unknown, context: { tool: string }) => void
}

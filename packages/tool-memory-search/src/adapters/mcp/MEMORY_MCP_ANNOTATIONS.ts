import type { MemoryToolName } from '../../definitions/MEMORY_TOOL_NAMES.js'

/** MCP tool annotations: hosts use them to decide what needs the user's confirmation. */
export const MEMORY_MCP_ANNOTATIONS: Record<
  MemoryToolName,
  {
    title: string
    readOnlyHint: boolean
    destructiveHint?: boolean
    idempotentHint?: boolean
    openWorldHint: boolean
  }
> = {
  memory_search: { title: 'Search long-term memory', readOnlyHint: true, openWorldHint: false },
  memory_remember: {
    title: 'Remember a fact or preference',
    readOnlyHint: false,
    destructiveHint: false,
    // An exact duplicate reinforces the existing memory, which is a change of its own.
    idempotentHint: false,
    openWorldHint: false,
  },
  memory_profile: { title: "Read the user's profile", readOnlyHint: true, openWorldHint: false },
  memory_forget: {
    title: 'Forget a memory',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
}

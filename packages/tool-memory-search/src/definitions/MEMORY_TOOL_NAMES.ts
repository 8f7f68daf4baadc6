/**
 * The tools this package defines; `memory_search` is the spec's, `memory_remember` and
 * `memory_forget` are for hosts that write, `memory_profile` for hosts that ask for it (the MCP server).
 */
export const MEMORY_TOOL_NAMES = [
  'memory_search',
  'memory_remember',
  'memory_forget',
  'memory_profile',
] as const
/** One of the tool names in `MEMORY_TOOL_NAMES`. */
export type MemoryToolName = (typeof MEMORY_TOOL_NAMES)[number]

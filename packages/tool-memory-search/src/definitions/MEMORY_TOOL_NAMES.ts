/** The tools this package defines; `memory_search` is the spec's, the other two are for hosts that write. */
export const MEMORY_TOOL_NAMES = ['memory_search', 'memory_remember', 'memory_forget'] as const
/** One of the tool names in `MEMORY_TOOL_NAMES`. */
export type MemoryToolName = (typeof MEMORY_TOOL_NAMES)[number]

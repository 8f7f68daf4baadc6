import { MEMORY_TOOL_NAMES, type MemoryToolName } from './MEMORY_TOOL_NAMES.js'

/** Lets a host that mixes these tools with its own route a call before dispatching it. */
export function isMemoryToolName(name: unknown): name is MemoryToolName {
  return typeof name === 'string' && (MEMORY_TOOL_NAMES as readonly string[]).includes(name)
}

import type { MemoryToolDefinition } from '../definitions/MemoryToolDefinition.js'
import { memoryForgetDefinition } from '../definitions/memoryForgetDefinition.js'
import { memoryProfileDefinition } from '../definitions/memoryProfileDefinition.js'
import { memoryRememberDefinition } from '../definitions/memoryRememberDefinition.js'
import { memorySearchDefinition } from '../definitions/memorySearchDefinition.js'
import type { MemoryToolSelection } from './MemoryToolSelection.js'

/** The definitions a host exposes, `memory_search` first. */
export function selectMemoryTools(selection: MemoryToolSelection = {}): MemoryToolDefinition[] {
  const tools: MemoryToolDefinition[] = [memorySearchDefinition]
  if (selection.allowWrite ?? true) {
    tools.push(memoryRememberDefinition, memoryForgetDefinition)
  }
  if (selection.profile === true) tools.push(memoryProfileDefinition)
  return tools
}

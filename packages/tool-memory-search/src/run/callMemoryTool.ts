import { renderContentAsData } from '@agent-memory/core'
import { callMemoryForget } from './callMemoryForget.js'
import { callMemoryProfile } from './callMemoryProfile.js'
import { callMemoryRemember } from './callMemoryRemember.js'
import { callMemorySearch } from './callMemorySearch.js'
import type { MemoryToolContext } from './MemoryToolContext.js'
import type { MemoryToolSelection } from './MemoryToolSelection.js'
import { selectMemoryTools } from './selectMemoryTools.js'
import type { ToolOutcome } from './ToolOutcome.js'

const RUNNERS = {
  memory_search: callMemorySearch,
  memory_remember: callMemoryRemember,
  memory_forget: callMemoryForget,
  memory_profile: callMemoryProfile,
} as const

/**
 * Runs one tool call by name, the way every adapter dispatches. A name the host did not expose
 * (including a write tool on a read-only host) is refused with a sentence naming the tools there are.
 */
export async function callMemoryTool(
  name: unknown,
  args: unknown,
  ctx: MemoryToolContext,
  selection: MemoryToolSelection = {},
): Promise<ToolOutcome> {
  const available = selectMemoryTools(selection).map((tool) => tool.name)
  const known = available.find((tool) => tool === name)
  if (known === undefined) {
    const shown = typeof name === 'string' ? renderContentAsData(name).slice(0, 64) : String(typeof name)
    return {
      text: `The call failed. There is no tool named "${shown}"; the available tools are ${available.join(', ')}. Call one of those instead.`,
      isError: true,
    }
  }
  return RUNNERS[known](args, ctx)
}

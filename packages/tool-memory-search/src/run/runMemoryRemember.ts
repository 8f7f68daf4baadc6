import { callMemoryRemember } from './callMemoryRemember.js'
import type { MemoryToolContext } from './MemoryToolContext.js'

/** `memory_remember`'s text for the model; never throws. */
export async function runMemoryRemember(args: unknown, ctx: MemoryToolContext): Promise<string> {
  return (await callMemoryRemember(args, ctx)).text
}

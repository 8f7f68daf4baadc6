import { callMemoryForget } from './callMemoryForget.js'
import type { MemoryToolContext } from './MemoryToolContext.js'

/** `memory_forget`'s text for the model; never throws. */
export async function runMemoryForget(args: unknown, ctx: MemoryToolContext): Promise<string> {
  return (await callMemoryForget(args, ctx)).text
}

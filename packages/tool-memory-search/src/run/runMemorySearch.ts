import { callMemorySearch } from './callMemorySearch.js'
import type { MemoryToolContext } from './MemoryToolContext.js'

/**
 * The spec's `runMemorySearch`: the text a model gets back. Never throws: bad arguments get the
 * validation sentence (and nothing reaches the service), a failure gets the fixed unavailable sentence.
 */
export async function runMemorySearch(args: unknown, ctx: MemoryToolContext): Promise<string> {
  return (await callMemorySearch(args, ctx)).text
}

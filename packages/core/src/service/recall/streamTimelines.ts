import type { Memory } from '../../model/Memory.js'
import { compareStrings } from './compareStrings.js'
import { streamOf } from './streamOf.js'

/** The memories of each stream (`streamOf`), oldest first (ties by id); memories without a stream are left out. */
export function streamTimelines(memories: Iterable<Memory>, streamKey: string): Map<string, Memory[]> {
  const timelines = new Map<string, Memory[]>()
  for (const memory of memories) {
    const stream = streamOf(memory, streamKey)
    if (stream === undefined) continue
    const timeline = timelines.get(stream) ?? []
    timeline.push(memory)
    timelines.set(stream, timeline)
  }
  for (const timeline of timelines.values()) {
    timeline.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareStrings(a.id, b.id))
  }
  return timelines
}

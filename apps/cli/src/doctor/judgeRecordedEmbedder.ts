import type { DoctorCheck } from './DoctorCheck.js'

/** An embedder as the store records it (`model` null when recorded without one). */
export interface EmbedderIdentity {
  model: string | null
  dimensions: number
}

function describe(side: EmbedderIdentity): string {
  return side.model === null
    ? `${side.dimensions}-dimensional vectors`
    : `${side.model} (${side.dimensions} dimensions)`
}

/**
 * Whether the configured embedder is the one the store's vectors were made with (`recorded` null:
 * none recorded yet, the next command that opens the store records it). A model recorded as null
 * matches any model of the same width.
 */
export function judgeRecordedEmbedder(
  recorded: EmbedderIdentity | null,
  configured: EmbedderIdentity,
): DoctorCheck {
  if (recorded === null) {
    return {
      name: 'recorded-embedder',
      status: 'ok',
      detail: `no embedder recorded yet: the next command records ${describe(configured)}`,
    }
  }
  const same =
    recorded.dimensions === configured.dimensions &&
    (recorded.model === null || recorded.model === configured.model)
  if (same)
    return {
      name: 'recorded-embedder',
      status: 'ok',
      detail: `the store records ${describe(recorded)}, as configured`,
    }
  return {
    name: 'recorded-embedder',
    status: 'fail',
    detail: `the store records ${describe(recorded)} but this configuration embeds with ${describe(configured)}: searches and writes are refused`,
    fix: 'configure the recorded embedder again (its --embedder, --model, --dimensions, --base-url), or move the store to the new one with agent-memory reembed',
  }
}

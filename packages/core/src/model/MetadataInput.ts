import { z } from 'zod'

/** Deepest nesting of a memory's metadata (the object itself is level 1). */
export const MAX_METADATA_DEPTH = 32
/** Largest metadata as UTF-8 JSON. */
export const MAX_METADATA_BYTES = 64 * 1024

/** What makes metadata unstorable, and where (`a.b[2]`, empty at the top). */
class MetadataProblem extends Error {
  constructor(
    readonly where: string,
    reason: string,
  ) {
    super(where === '' ? reason : `${where}: ${reason}`)
  }
}

const cleanText = (text: string) => text.toWellFormed().replace(/\u0000/g, '')

/** A JSON copy of `node` with strings and keys cleaned; throws `MetadataProblem` for what JSON cannot hold. */
function normalizeNode(node: unknown, depth: number, path: string): unknown {
  if (typeof node === 'string') return cleanText(node)
  if (node === null || typeof node === 'boolean') return node
  if (typeof node === 'number') {
    if (!Number.isFinite(node)) throw new MetadataProblem(path, `${node} is not a JSON number`)
    return node
  }
  if (node instanceof Date) return Number.isNaN(node.getTime()) ? null : node.toISOString()
  if (typeof node !== 'object') throw new MetadataProblem(path, `a ${typeof node} is not a JSON value`)
  // Checked before descending, so hostile nesting (5,000 levels) costs 32 frames, not a stack overflow.
  if (depth > MAX_METADATA_DEPTH) {
    throw new MetadataProblem('', `nested deeper than ${MAX_METADATA_DEPTH} levels`)
  }
  if (Array.isArray(node)) return node.map((child, i) => normalizeNode(child, depth + 1, `${path}[${i}]`))
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(node)) {
    if (child === undefined) continue
    out[cleanText(key)] = normalizeNode(
      child,
      depth + 1,
      path === '' ? cleanText(key) : `${path}.${cleanText(key)}`,
    )
  }
  return out
}

/**
 * Metadata as a write accepts it: a JSON object, normalised like content (lone surrogates become
 * U+FFFD, NUL removed: PostgreSQL's jsonb holds neither), at most `MAX_METADATA_DEPTH` levels and
 * `MAX_METADATA_BYTES` as JSON. `Date` values become ISO strings, as JSON would make them.
 */
export const MetadataInputSchema = z.record(z.string(), z.unknown()).transform((value, context) => {
  try {
    const normalized = normalizeNode(value, 1, '') as Record<string, unknown>
    const bytes = new TextEncoder().encode(JSON.stringify(normalized)).length
    if (bytes > MAX_METADATA_BYTES) {
      throw new MetadataProblem('', `${bytes} bytes as JSON, over the limit of ${MAX_METADATA_BYTES}`)
    }
    return normalized
  } catch (error) {
    if (!(error instanceof MetadataProblem)) throw error
    context.addIssue({ code: 'custom', message: error.message })
    return z.NEVER
  }
})

import { MemoryInputSchema, normalizeText } from '@agent-memory/core'
import { hashOf } from './hashOf.js'
import type { IngestItem } from './IngestItem.js'
import type { IngestOptions } from './IngestOptions.js'

/** A line longer than this is refused unread: content, summary and metadata together stay far below. */
export const MAX_JSONL_LINE_LENGTH = 1_000_000

function mergeTags(own: unknown, extra: readonly string[] | undefined): string[] | undefined {
  const base = Array.isArray(own) ? own.filter((tag): tag is string => typeof tag === 'string') : []
  const merged = [...new Set([...base, ...(extra ?? [])])]
  return merged.length === 0 ? undefined : merged
}

/**
 * One `.jsonl` line (1-based `line`) as the memory it describes, or the reason it cannot be one,
 * as `file:line: reason`. Blank lines yield nothing. The line is checked against the same schema
 * the service uses, so a bad line is named here instead of failing a batch later.
 */
export function jsonlLineToItem(
  file: string,
  line: number,
  rawLine: string,
  options: IngestOptions = {},
): IngestItem | { problem: string } | undefined {
  const where = `${file}:${line}`
  if (rawLine.length > MAX_JSONL_LINE_LENGTH) {
    return { problem: `${where}: the line is over ${MAX_JSONL_LINE_LENGTH.toLocaleString('en')} characters` }
  }
  const text = normalizeText(line === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine).trim()
  if (text === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: `${where}: not valid JSON` }
  }
  if (typeof value === 'string') value = { content: value }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: `${where}: expected a JSON object with a "content" field` }
  }
  const record = value as Record<string, unknown>
  const sourceHash = hashOf(text)
  const ownMetadata =
    typeof record.metadata === 'object' && record.metadata !== null && !Array.isArray(record.metadata)
      ? (record.metadata as Record<string, unknown>)
      : {}
  const merged: Record<string, unknown> = {
    ...record,
    tier: record.tier ?? options.tier ?? 'semantic',
    metadata: { ...ownMetadata, source: file, line, sourceHash },
  }
  const mergedTags = mergeTags(record.tags, options.tags)
  if (mergedTags !== undefined) merged.tags = mergedTags
  const parsed = MemoryInputSchema.safeParse(merged)
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) =>
      issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
    )
    return { problem: `${where}: ${reasons.join('; ')}` }
  }
  return { source: file, position: { line }, sourceHash, input: merged as IngestItem['input'] }
}

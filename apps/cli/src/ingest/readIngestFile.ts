import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { MAX_CONTENT_LENGTH, MemoryInputSchema, normalizeText } from '@agent-memory/core'
import type { IngestItem } from './IngestItem.js'
import type { IngestOptions } from './IngestOptions.js'
import { splitIntoParts } from './splitIntoParts.js'

export interface IngestFileContents {
  items: IngestItem[]
  /** Lines of a `.jsonl` file that could not become a memory, as `file:line: reason`. */
  problems: string[]
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32)
}

function mergeTags(own: unknown, extra: readonly string[] | undefined): string[] | undefined {
  const base = Array.isArray(own) ? own.filter((tag): tag is string => typeof tag === 'string') : []
  const merged = [...new Set([...base, ...(extra ?? [])])]
  return merged.length === 0 ? undefined : merged
}

/** Reads one file into the memories it yields (see `IngestItem`), tagging each with its source. */
export async function readIngestFile(file: string, options: IngestOptions = {}): Promise<IngestFileContents> {
  const raw = normalizeText(await readFile(file, 'utf8')).replace(/^\uFEFF/, '')
  const tags = options.tags
  if (path.extname(file).toLowerCase() !== '.jsonl') {
    const items = splitIntoParts(raw, MAX_CONTENT_LENGTH).map((content, part): IngestItem => {
      const sourceHash = hashOf(content)
      return {
        source: file,
        position: { part },
        sourceHash,
        input: {
          content,
          tier: options.tier ?? 'semantic',
          metadata: { source: file, part, sourceHash },
          ...(tags === undefined || tags.length === 0 ? {} : { tags: [...tags] }),
        },
      }
    })
    return { items, problems: [] }
  }

  const items: IngestItem[] = []
  const problems: string[] = []
  const lines = raw.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index]!.trim()
    if (text === '') continue
    const line = index + 1
    const where = `${file}:${line}`
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      problems.push(`${where}: not valid JSON`)
      continue
    }
    if (typeof value === 'string') value = { content: value }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push(`${where}: expected a JSON object with a "content" field`)
      continue
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
    const mergedTags = mergeTags(record.tags, tags)
    if (mergedTags !== undefined) merged.tags = mergedTags
    const parsed = MemoryInputSchema.safeParse(merged)
    if (!parsed.success) {
      const reasons = parsed.error.issues.map((issue) =>
        issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`,
      )
      problems.push(`${where}: ${reasons.join('; ')}`)
      continue
    }
    items.push({ source: file, position: { line }, sourceHash, input: merged as IngestItem['input'] })
  }
  return { items, problems }
}

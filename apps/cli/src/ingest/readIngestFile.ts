import { readFile } from 'node:fs/promises'
import { MAX_CONTENT_LENGTH, normalizeText } from '@agent-memory/core'
import { hashOf } from './hashOf.js'
import type { IngestItem } from './IngestItem.js'
import type { IngestOptions } from './IngestOptions.js'
import { splitIntoParts } from './splitIntoParts.js'

/**
 * Reads one prose file (`.md`, `.txt`) into the memories it yields, one per part of at most
 * `MAX_CONTENT_LENGTH` characters, each tagged with its source (`.jsonl` is streamed by
 * `readJsonlItems`).
 */
export async function readIngestFile(file: string, options: IngestOptions = {}): Promise<IngestItem[]> {
  const raw = normalizeText(await readFile(file, 'utf8')).replace(/^\uFEFF/, '')
  const tags = options.tags
  return splitIntoParts(raw, MAX_CONTENT_LENGTH).map((content, part): IngestItem => {
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
}

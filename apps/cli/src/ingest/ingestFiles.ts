import type { Memory, MemoryService } from '@agent-memory/core'
import type { ProgressReporter } from '../progress/createProgressReporter.js'
import type { IngestItem } from './IngestItem.js'
import type { IngestOptions } from './IngestOptions.js'
import type { IngestReport } from './IngestReport.js'
import { readIngestFile } from './readIngestFile.js'

export interface IngestFilesOptions extends IngestOptions {
  memory: MemoryService
  namespace: string
  files: readonly string[]
  progress?: ProgressReporter
  /** Checked between files: each file is committed or not started, never half-written. */
  signal?: AbortSignal
}

/** Rows read per page when indexing the namespace's ingested memories. */
const LIST_PAGE = 10_000
/** A very long `.jsonl` file is written in transactions of at most this many memories. */
const WRITE_BATCH = 500

/**
 * Every memory of the namespace that came from a file, by source path: read once per run, so a
 * run costs one pass over the namespace instead of a metadata-filtered scan per item.
 */
async function indexBySource(memory: MemoryService, namespace: string): Promise<Map<string, Memory[]>> {
  const bySource = new Map<string, Memory[]>()
  for (let offset = 0; ; offset += LIST_PAGE) {
    const page = await memory.list(namespace, {
      orderBy: 'createdAt',
      direction: 'asc',
      limit: LIST_PAGE,
      offset,
    })
    for (const existing of page) {
      const source = existing.metadata.source
      if (typeof source !== 'string') continue
      const known = bySource.get(source)
      if (known === undefined) bySource.set(source, [existing])
      else known.push(existing)
    }
    if (page.length < LIST_PAGE) return bySource
  }
}

/**
 * Writes the files' memories file by file, each file's new items through one `rememberMany` (one
 * transaction), so a stop between files leaves a consistent store. Re-runs are cheap: an item whose `source`
 * and content hash are already stored is skipped before any embedding; a changed part of a
 * prose file updates the memory that held that part; a file that shrank loses its stale parts.
 */
export async function ingestFiles(options: IngestFilesOptions): Promise<IngestReport> {
  const { memory, namespace, files, progress, signal } = options
  const report: IngestReport = {
    files: files.length,
    filesDone: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    reinforced: 0,
    removed: 0,
    pending: 0,
    problems: [],
    interrupted: false,
  }

  const bySource = await indexBySource(memory, namespace)

  /** Writes one file's items: unchanged ones skipped, changed parts updated, the rest in one `rememberMany`. */
  const writeFile = async (items: readonly IngestItem[], known: readonly Memory[]): Promise<number> => {
    const hashes = new Set(known.map((existing) => existing.metadata.sourceHash))
    const byPart = new Map<unknown, Memory>()
    for (const existing of known)
      if (!byPart.has(existing.metadata.part)) byPart.set(existing.metadata.part, existing)
    const fresh: IngestItem[] = []
    let written = 0
    for (const item of items) {
      if (hashes.has(item.sourceHash)) {
        report.unchanged += 1
        continue
      }
      const previous = 'part' in item.position ? byPart.get(item.position.part) : undefined
      if (previous !== undefined) {
        await memory.update(namespace, previous.id, item.input)
        report.updated += 1
        written += 1
      } else fresh.push(item)
    }
    for (let start = 0; start < fresh.length; start += WRITE_BATCH) {
      const batch = fresh.slice(start, start + WRITE_BATCH)
      const results = await memory.rememberMany(
        namespace,
        batch.map((item) => item.input),
      )
      for (const result of results) {
        if (result.status === 'reinforced') report.reinforced += 1
        else report.inserted += 1
        if (result.degraded === 'pending_embed') report.pending += 1
      }
      written += batch.length
    }
    return written
  }

  for (const file of files) {
    if (signal?.aborted) break
    let contents: Awaited<ReturnType<typeof readIngestFile>>
    try {
      contents = await readIngestFile(file, options)
    } catch (error) {
      report.problems.push(`${file}: ${(error as Error).message}`)
      report.filesDone += 1
      progress?.advance(1)
      continue
    }
    report.problems.push(...contents.problems)
    const known = bySource.get(file) ?? []
    const written = await writeFile(contents.items, known)
    const isProse = contents.items.every((item) => 'part' in item.position)
    if (isProse) {
      const stale = known.filter((existing) => {
        const part = existing.metadata.part
        return typeof part === 'number' && part >= contents.items.length
      })
      for (const old of stale) if (await memory.forget(namespace, old.id)) report.removed += 1
    }
    report.filesDone += 1
    const unchangedFile = written === 0 && contents.items.length > 0
    progress?.advance(1, { skipped: unchangedFile ? 1 : 0 })
  }
  report.interrupted = signal?.aborted === true && report.filesDone < report.files
  return report
}

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
  /** Checked between items: every item is committed or not started, never half-written. */
  signal?: AbortSignal
}

async function findBySource(
  memory: MemoryService,
  namespace: string,
  metadata: Record<string, string | number>,
): Promise<Memory[]> {
  return memory.list(namespace, { filter: { metadata }, limit: 1000 })
}

/**
 * Writes the files' memories one item at a time, each through the service (its own transaction),
 * so a stop between items leaves a consistent store. Re-runs are cheap: an item whose `source`
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

  const writeItem = async (item: IngestItem): Promise<'unchanged' | 'written'> => {
    const known = await findBySource(memory, namespace, { source: item.source, sourceHash: item.sourceHash })
    if (known.length > 0) {
      report.unchanged += 1
      return 'unchanged'
    }
    if ('part' in item.position) {
      const [previous] = await findBySource(memory, namespace, {
        source: item.source,
        part: item.position.part,
      })
      if (previous !== undefined) {
        await memory.update(namespace, previous.id, item.input)
        report.updated += 1
        return 'written'
      }
    }
    const result = await memory.remember(namespace, item.input)
    if (result.status === 'reinforced') report.reinforced += 1
    else report.inserted += 1
    if (result.degraded === 'pending_embed') report.pending += 1
    return 'written'
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
    let written = 0
    let complete = true
    for (const item of contents.items) {
      if (signal?.aborted) {
        complete = false
        break
      }
      if ((await writeItem(item)) === 'written') written += 1
    }
    if (!complete) break
    const isProse = contents.items.every((item) => 'part' in item.position)
    if (isProse) {
      const stale = (await findBySource(memory, namespace, { source: file })).filter((existing) => {
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

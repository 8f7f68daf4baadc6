import path from 'node:path'
import { type Memory, MemoryError, type MemoryService, type RememberResult } from '@agent-memory/core'
import { describeFailure } from '../cli/describeFailure.js'
import type { ProgressReporter } from '../progress/createProgressReporter.js'
import type { IngestItem } from './IngestItem.js'
import type { IngestOptions } from './IngestOptions.js'
import type { IngestReport } from './IngestReport.js'
import { looksBinary } from './looksBinary.js'
import { readFileStart } from './readFileStart.js'
import { readIngestFile } from './readIngestFile.js'
import { readJsonlItems } from './readJsonlItems.js'

export interface IngestFilesOptions extends IngestOptions {
  memory: MemoryService
  namespace: string
  files: readonly string[]
  progress?: ProgressReporter
  /**
   * Checked between files and between a `.jsonl` file's batches: what is reported is committed,
   * and a re-run skips it.
   */
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
 * Writes the files' memories file by file; a prose file's new parts, or a `.jsonl` file's new
 * lines in batches of `WRITE_BATCH`, go through one `rememberMany` (one transaction). A batch the
 * store refuses is retried line by line, so one bad line is named (`file:line: reason`) and
 * skipped while the rest is written. `.jsonl` files are streamed: memory stays bounded and
 * progress names the line. Re-runs are cheap: an item whose `source` and content hash are
 * already stored is skipped before any embedding; a changed part of a prose file updates the
 * memory that held that part; a file that shrank loses its stale parts. Files that are not text
 * are skipped with a warning.
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
    skippedFiles: [],
    interrupted: false,
  }

  const bySource = await indexBySource(memory, namespace)

  const count = (result: RememberResult) => {
    if (result.status === 'reinforced') report.reinforced += 1
    else report.inserted += 1
    if (result.degraded === 'pending_embed') report.pending += 1
  }
  const where = (item: IngestItem) =>
    'line' in item.position
      ? `${item.source}:${item.position.line}`
      : `${item.source} (part ${item.position.part + 1})`

  /**
   * New items in one transaction; when the store refuses the batch, item by item to name the bad
   * ones. Items naming their own `id` are written alone: an id owned by another namespace is
   * refused after the rest of a batch is stored, which would make a retry count them twice.
   */
  const writeNew = async (items: readonly IngestItem[]): Promise<void> => {
    await writeEach(items.filter((item) => item.input.id !== undefined))
    const fresh = items.filter((item) => item.input.id === undefined)
    if (fresh.length === 0) return
    let results: RememberResult[]
    try {
      results = await memory.rememberMany(
        namespace,
        fresh.map((item) => item.input),
      )
    } catch (error) {
      if (fresh.length === 1 || isOutage(error)) return writeEach(fresh, error)
      return writeEach(fresh)
    }
    for (const result of results) count(result)
  }
  const writeEach = async (items: readonly IngestItem[], known?: unknown): Promise<void> => {
    for (const item of items) {
      let error = known
      if (error === undefined) {
        try {
          count(await memory.remember(namespace, item.input))
          continue
        } catch (caught) {
          error = caught
        }
      }
      // An outage is not the line's fault: stop rather than blame every line after it.
      if (isOutage(error)) throw error
      report.problems.push(`${where(item)}: ${describeFailure(error).message}`)
      known = undefined
    }
  }

  /** A prose file: unchanged parts skipped, changed parts updated, new parts in one `rememberMany`. */
  const writeProse = async (file: string, known: readonly Memory[]): Promise<number> => {
    const items = await readIngestFile(file, options)
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
    if (fresh.length > 0) await writeNew(fresh)
    written += fresh.length
    const stale = known.filter((existing) => {
      const part = existing.metadata.part
      return typeof part === 'number' && part >= items.length
    })
    for (const old of stale) if (await memory.forget(namespace, old.id)) report.removed += 1
    return items.length === 0 ? -1 : written
  }

  /** A `.jsonl` file, streamed: returns how many lines were written, or undefined when interrupted. */
  const writeJsonl = async (file: string, known: readonly Memory[]): Promise<number | undefined> => {
    const hashes = new Set(known.map((existing) => existing.metadata.sourceHash))
    const name = path.basename(file)
    let fresh: IngestItem[] = []
    let written = 0
    let lines = 0
    for await (const entry of readJsonlItems(file, options)) {
      lines += 1
      progress?.note(`${name} line ${entry.line.toLocaleString('en')}`)
      if ('problem' in entry) {
        report.problems.push(entry.problem)
        continue
      }
      if (hashes.has(entry.item.sourceHash)) {
        report.unchanged += 1
        continue
      }
      fresh.push(entry.item)
      if (fresh.length >= WRITE_BATCH) {
        await writeNew(fresh)
        written += fresh.length
        fresh = []
        if (signal?.aborted) return undefined
      }
    }
    if (fresh.length > 0) await writeNew(fresh)
    written += fresh.length
    return lines === 0 ? -1 : written
  }

  for (const file of files) {
    if (signal?.aborted) break
    const known = bySource.get(file) ?? []
    let written: number | undefined
    try {
      const notText = looksBinary(await readFileStart(file))
      if (notText !== undefined) {
        report.skippedFiles.push(`${file}: ${notText}`)
        report.filesDone += 1
        progress?.advance(1, { skipped: 1 })
        continue
      }
      written =
        path.extname(file).toLowerCase() === '.jsonl'
          ? await writeJsonl(file, known)
          : await writeProse(file, known)
    } catch (error) {
      if (isOutage(error) || signal?.aborted) throw error
      report.problems.push(`${file}: ${describeFailure(error).message}`)
      report.filesDone += 1
      progress?.advance(1)
      continue
    }
    if (written === undefined) break
    report.filesDone += 1
    progress?.advance(1, { skipped: written === 0 ? 1 : 0 })
  }
  report.interrupted = signal?.aborted === true && report.filesDone < report.files
  return report
}

/** A failure of the store or the run itself (connection, timeout, closed), not of the item written. */
function isOutage(error: unknown): boolean {
  if (!MemoryError.isInstance(error)) return false
  return error.retryable || (error as { kind?: unknown }).kind === 'closed'
}

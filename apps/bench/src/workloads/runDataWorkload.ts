import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createScratchDatabase, type ScratchDatabase } from '../pg/createScratchDatabase.js'
import type { ReportTable, SummaryRow } from '../report/BenchReport.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import type { DataChildRequest } from './DataChildRequest.js'
import type { DataChildResult } from './DataChildResult.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

type StoreTarget = DataChildRequest['store']

interface Backend {
  label: string
  /** A new, empty store, and how to remove it. */
  fresh(tag: string): Promise<{ store: StoreTarget; remove(): Promise<void> }>
}

/**
 * W14: a user's data out and back in. `rememberMany` fills a store (two namespaces: one with a
 * tenth of the rows, one with the rest); export writes the small one, then both, to JSON lines
 * with vectors; import reads each file into an empty store. Each operation runs in a child
 * process of its own, so its peak RSS is its own: export's bounded memory shows as the same peak
 * for a tenth of the rows and for all of them, and as a peak far below the file's size. On the
 * embedded default, and on PostgreSQL when DATABASE_URL is set. Offline (hashing) embedder.
 */
export async function runDataWorkload(ctx: BenchContext): Promise<WorkloadOutcome> {
  const child = join(ctx.repoRoot, 'apps', 'bench', 'dist', 'dataChild.js')
  const total = ctx.smoke ? 200 : ctx.size
  const small = Math.max(1, Math.round(total / 10))
  const namespaces = [
    { name: 'w14-small', rows: small },
    { name: 'w14-large', rows: total - small },
  ]
  const dimensions = ctx.data.dimensions
  const load = loadavg()[0]!.toFixed(2)
  const base = {
    id: 'W14',
    title: "Your users' data: export and import beside rememberMany",
    settings: {
      memories: total,
      dimensions,
      embedder: 'hashing (offline)',
      namespaces: `${small} + ${total - small}`,
      'load average (1 min) at start': load,
    },
  }
  if (!existsSync(child)) {
    return {
      report: {
        ...base,
        status: 'skipped',
        reason: 'apps/bench is not built',
        tables: [],
        notes: [],
        summary: [],
      },
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'am-w14-'))
  const backends: Backend[] = [
    {
      label: 'embedded (PGlite)',
      fresh: async (tag) => {
        const dataDir = join(dir, `store-${tag}`)
        return {
          store: { kind: 'embedded', dataDir },
          remove: () => rm(dataDir, { recursive: true, force: true }),
        }
      },
    },
  ]
  const databaseUrl = ctx.databaseUrl
  if (databaseUrl !== undefined) {
    backends.push({
      label: 'PostgreSQL',
      fresh: async (tag) => {
        const scratch: ScratchDatabase = await createScratchDatabase(
          databaseUrl,
          `agent_memory_w14_${tag}_${process.pid}`,
        )
        return { store: { kind: 'postgres', url: scratch.url }, remove: () => scratch.drop() }
      },
    })
  }
  const run = (request: DataChildRequest): DataChildResult => {
    const result = spawnSync(process.execPath, [child, JSON.stringify(request)], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    })
    if (result.status !== 0) {
      throw new Error(`W14 ${request.op} failed (${result.status}): ${result.stderr.slice(-500)}`)
    }
    const lines = result.stdout.trim().split('\n')
    return JSON.parse(lines[lines.length - 1]!) as DataChildResult
  }
  const tables: ReportTable[] = []
  const summary: SummaryRow[] = []
  const notes: string[] = [
    'Each operation is a child process of its own (the store opened, then the operation timed): its peak RSS is the kernel’s high-water mark of that process alone (`VmHWM`), the store’s start-up (PGlite’s wasm heap on the embedded store) included. “RSS after open” is the same process before the operation.',
    'rememberMany embeds (hashing, in process) and writes; import writes rows with their vectors from the file (same embedder, so vectors are reused). Both keep ids unique across namespaces, the keyword statistics and the change log as every write does.',
  ]
  try {
    for (const backend of backends) {
      const tag = backend.label.startsWith('embedded') ? 'e' : 'p'
      const source = await backend.fresh(`${tag}src`)
      const targets: Array<{ remove(): Promise<void> }> = [source]
      try {
        ctx.log(`W14 ${backend.label}: rememberMany of ${total} memories…`)
        const remember = run({ op: 'remember', store: source.store, dimensions, namespaces, seed: 0x14 })
        const exportOf = (file: string, which: typeof namespaces) =>
          run({ op: 'export', store: source.store, dimensions, namespaces: which, file })
        const smallFile = join(dir, `${tag}-small.jsonl`)
        const allFile = join(dir, `${tag}-all.jsonl`)
        ctx.log(`W14 ${backend.label}: export…`)
        const exportSmall = exportOf(smallFile, namespaces.slice(0, 1))
        const exportAll = exportOf(allFile, namespaces)
        const importInto = async (file: string, name: string) => {
          const target = await backend.fresh(`${tag}${name}`)
          targets.push(target)
          return run({ op: 'import', store: target.store, dimensions, namespaces, file })
        }
        ctx.log(`W14 ${backend.label}: import…`)
        const importSmall = await importInto(smallFile, 'small')
        const importAll = await importInto(allFile, 'all')
        for (const [label, result] of [
          ['export, all', exportAll],
          ['import, all', importAll],
        ] as const) {
          if (result.rows !== total) throw new Error(`W14 ${label} moved ${result.rows} of ${total} memories`)
        }
        const rate = (result: DataChildResult) => (result.rows / result.ms) * 1000
        const row = (label: string, result: DataChildResult) => [
          label,
          result.rows,
          result.bytes === 0 ? '—' : formatNumber(result.bytes / 2 ** 20, 1),
          formatNumber(result.ms / 1000, 2),
          formatNumber(rate(result), 0),
          formatNumber(result.rssOpenMb, 0),
          formatNumber(result.peakRssMb, 0),
        ]
        tables.push({
          title: `${backend.label}: ${total.toLocaleString('en-US')} memories of ${dimensions} dimensions`,
          columns: [
            'Operation',
            'memories',
            'file MiB',
            'seconds',
            'rows/s',
            'RSS after open MiB',
            'peak RSS MiB',
          ],
          rows: [
            row('rememberMany (the rows written first)', remember),
            row('export, one namespace (a tenth), with vectors', exportSmall),
            row('export, all, with vectors', exportAll),
            row('import of the tenth into an empty store', importSmall),
            row('import of all into an empty store', importAll),
          ],
        })
        const growth = exportAll.peakRssMb - exportSmall.peakRssMb
        notes.push(
          `${backend.label}: exporting ${formatNumber(exportAll.rows / exportSmall.rows, 0)}× the rows (${formatNumber(exportAll.bytes / 2 ** 20, 0)} MiB of file against ${formatNumber(exportSmall.bytes / 2 ** 20, 1)}) moved the export's peak RSS from ${formatNumber(exportSmall.peakRssMb, 0)} to ${formatNumber(exportAll.peakRssMb, 0)} MiB (${growth >= 0 ? '+' : ''}${formatNumber(growth, 0)}); import from ${formatNumber(importSmall.peakRssMb, 0)} to ${formatNumber(importAll.peakRssMb, 0)} MiB.`,
        )
        summary.push(
          {
            workload: 'W14',
            metric: `${backend.label}: export / import rows/s (${total.toLocaleString('en-US')}, with vectors)`,
            ours: `${formatNumber(rate(exportAll), 0)} / ${formatNumber(rate(importAll), 0)}`,
            peers: `rememberMany ${formatNumber(rate(remember), 0)} rows/s (same rows, same run)`,
            target: 'import ≥ rememberMany',
            met: ctx.smoke ? null : rate(importAll) >= rate(remember),
          },
          {
            workload: 'W14',
            metric: `${backend.label}: export peak RSS MiB, a tenth → all`,
            ours: `${formatNumber(exportSmall.peakRssMb, 0)} → ${formatNumber(exportAll.peakRssMb, 0)}`,
            peers: `file ${formatNumber(exportAll.bytes / 2 ** 20, 0)} MiB`,
            target: 'bounded: below the file, about flat with rows',
            met: ctx.smoke ? null : exportAll.peakRssMb < exportAll.bytes / 2 ** 20,
          },
        )
      } finally {
        for (const target of targets) await target.remove().catch(() => undefined)
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return { report: { ...base, status: 'ok', tables, notes, summary } }
}

import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BenchReport } from './BenchReport.js'
import { renderIngestSvg } from './renderIngestSvg.js'
import { renderLatencyRecallSvg } from './renderLatencyRecallSvg.js'
import { renderMarkdown } from './renderMarkdown.js'

/**
 * Merges `update` into `<dir>/benchmarks.json` (each command owns one part, so the bench and the
 * evaluation can run separately) and regenerates `benchmarks.md` and the SVG charts from it.
 * Returns the paths written.
 */
export async function writeReport(dir: string, update: BenchReport): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const jsonPath = join(dir, 'benchmarks.json')
  let previous: BenchReport = {}
  if (existsSync(jsonPath)) {
    try {
      previous = JSON.parse(await readFile(jsonPath, 'utf8')) as BenchReport
    } catch {
      previous = {}
    }
  }
  const report: BenchReport = { ...previous, ...update }
  if (update.embedders) report.embedders = { ...previous.embedders, ...update.embedders }
  const charts = {
    latencyRecall: 'benchmarks-latency-recall.svg',
    ingest: 'benchmarks-ingest.svg',
    latencyRecallLarge: 'benchmarks-latency-recall-large.svg',
  }
  const written = [jsonPath, join(dir, 'benchmarks.md')]
  await writeFile(jsonPath, `${JSON.stringify(report, null, 2)}\n`)
  await writeFile(join(dir, 'benchmarks.md'), renderMarkdown(report, charts))
  if (report.bench) {
    const size = report.bench.size.toLocaleString('en-US')
    await writeFile(
      join(dir, charts.latencyRecall),
      renderLatencyRecallSvg(report.bench.curves, `Top-10 search, ${size} × 1536-d: p50 vs recall@10`),
    )
    await writeFile(
      join(dir, charts.ingest),
      renderIngestSvg(report.bench.ingestRates, 'Bulk ingest, 1536-d vectors + text, no vector index'),
    )
    written.push(join(dir, charts.latencyRecall), join(dir, charts.ingest))
  }
  if (report.benchLarge) {
    const size = report.benchLarge.size.toLocaleString('en-US')
    await writeFile(
      join(dir, charts.latencyRecallLarge),
      renderLatencyRecallSvg(report.benchLarge.curves, `Top-10 search, ${size} × 1536-d: p50 vs recall@10`),
    )
    written.push(join(dir, charts.latencyRecallLarge))
  }
  return written
}

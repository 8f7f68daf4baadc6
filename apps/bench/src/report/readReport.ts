import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BenchReport } from './BenchReport.js'

/** `<dir>/benchmarks.json`, or an empty report when it is missing or unreadable. */
export async function readReport(dir: string): Promise<BenchReport> {
  try {
    return JSON.parse(await readFile(join(dir, 'benchmarks.json'), 'utf8')) as BenchReport
  } catch {
    return {}
  }
}

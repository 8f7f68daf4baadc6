import { summarizeLatencies } from '../harness/summarizeLatencies.js'
import type { AnswerVerdict } from './AnswerVerdict.js'
import type { LoadTally } from './LoadTally.js'

const EXAMPLES = 5

/**
 * The record of a concurrent load of searches and writes: every answer's verdict and every write's
 * outcome as they happen, then `tally` with what is readable afterwards, which counts as lost each
 * acknowledged write whose memory is not there.
 */
export class LoadLedger {
  private readonly verdicts = { right: 0, different: 0, wrong: 0, failed: 0 }
  private readonly searchMs: number[] = []
  private readonly writeMs: number[] = []
  private readonly acknowledged: Array<{ namespace: string; id: string }> = []
  private failedWrites = 0
  private readonly examples: string[] = []

  search(verdict: AnswerVerdict, ms: number): void {
    this.verdicts[verdict.kind]++
    this.searchMs.push(ms)
    if (verdict.kind === 'wrong' || verdict.kind === 'failed')
      this.example(`${verdict.kind} answer: ${verdict.why}`)
  }

  written(namespace: string, id: string, ms: number): void {
    this.acknowledged.push({ namespace, id })
    this.writeMs.push(ms)
  }

  writeFailed(namespace: string, id: string, why: string): void {
    this.failedWrites++
    this.example(`failed write ${namespace}/${id}: ${why}`)
  }

  /** Every acknowledged write, for the reading back. */
  writes(): ReadonlyArray<{ namespace: string; id: string }> {
    return this.acknowledged
  }

  /** The counts, given the ids readable per namespace after the load. */
  tally(readable: ReadonlyMap<string, ReadonlySet<string>>): LoadTally {
    const lost = this.acknowledged.filter(({ namespace, id }) => !readable.get(namespace)?.has(id))
    return {
      searches: this.searchMs.length,
      right: this.verdicts.right,
      different: this.verdicts.different,
      wrong: this.verdicts.wrong,
      failedSearches: this.verdicts.failed,
      searchLatency: summarizeLatencies(this.searchMs),
      acknowledged: this.acknowledged.length,
      failedWrites: this.failedWrites,
      lost: lost.length,
      writeLatency: summarizeLatencies(this.writeMs),
      examples: [
        ...this.examples,
        ...lost.map(({ namespace, id }) => `lost: ${namespace}/${id} was acknowledged and is not readable`),
      ].slice(0, EXAMPLES),
    }
  }

  private example(line: string): void {
    if (this.examples.length < EXAMPLES) this.examples.push(line)
  }
}

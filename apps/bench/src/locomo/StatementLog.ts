import { summarizeLatencies } from '../harness/summarizeLatencies.js'
import type { KeywordLegBreakdown } from './KeywordLegBreakdown.js'
import { statementKind } from './statementKind.js'

/**
 * The statements a store sends during each timed search, with how long the client waited for
 * each (`recordPoolStatements`, `recordPgliteStatements` feed it). Outside a search it records
 * nothing, so ingest and housekeeping do not count.
 */
export class StatementLog {
  #current: Array<[string, number]> | undefined
  readonly #searches: Array<{ totalMs: number; statements: Array<[string, number]> }> = []

  /** Times `pending` (a statement's result) as one statement of the current search, if any. */
  record<T>(text: string, pending: Promise<T>): Promise<T> {
    const current = this.#current
    if (current === undefined) return pending
    const started = process.hrtime.bigint()
    return pending.finally(() => {
      current.push([statementKind(text), Number(process.hrtime.bigint() - started) / 1e6])
    })
  }

  startSearch(): void {
    this.#current = []
  }

  endSearch(totalMs: number): void {
    if (this.#current === undefined) return
    this.#searches.push({ totalMs, statements: this.#current })
    this.#current = undefined
  }

  /** The breakdown of every search recorded, beside the connection's bare round trip. */
  summarize(roundTripP50Ms: number): KeywordLegBreakdown | undefined {
    const searches = this.#searches
    if (searches.length === 0) return undefined
    const inStatements = searches.map((s) => s.statements.reduce((sum, [, ms]) => sum + ms, 0))
    const byKind = new Map<string, number[]>()
    for (const search of searches) {
      for (const [kind, ms] of search.statements) {
        const list = byKind.get(kind) ?? []
        list.push(ms)
        byKind.set(kind, list)
      }
    }
    const statementCount = searches.reduce((sum, s) => sum + s.statements.length, 0)
    return {
      statementsPerSearch: statementCount / searches.length,
      inStatementsP50Ms: summarizeLatencies(inStatements).p50,
      outsideStatementsP50Ms: summarizeLatencies(searches.map((s, i) => s.totalMs - inStatements[i]!)).p50,
      roundTripP50Ms,
      statements: [...byKind].map(([kind, list]) => ({
        kind,
        perSearch: list.length / searches.length,
        p50Ms: summarizeLatencies(list).p50,
      })),
    }
  }
}

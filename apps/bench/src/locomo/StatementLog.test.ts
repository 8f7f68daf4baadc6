import { describe, expect, it } from 'vitest'
import { StatementLog } from './StatementLog.js'

describe('StatementLog', () => {
  it("counts each search's statements by kind, and none sent outside a search", async () => {
    const log = new StatementLog()
    await log.record('INSERT INTO memories …', Promise.resolve())
    for (const passes of [1, 2]) {
      log.startSearch()
      await log.record('BEGIN; SET LOCAL statement_timeout = 30000', Promise.resolve())
      await log.record('WITH q AS (SELECT lexeme …)', Promise.resolve())
      for (let i = 0; i < passes; i++) {
        await log.record('SELECT m.id, s.score FROM memories m CROSS JOIN LATERAL …', Promise.resolve())
      }
      await log.record('COMMIT', Promise.resolve())
      log.endSearch(1)
    }
    await log.record('SELECT 1', Promise.resolve())
    const breakdown = log.summarize(0.1)
    expect(breakdown?.statementsPerSearch).toBe(4.5)
    expect(breakdown?.roundTripP50Ms).toBe(0.1)
    expect(Object.fromEntries(breakdown?.statements.map((s) => [s.kind, s.perSearch]) ?? [])).toEqual({
      BEGIN: 1,
      'BM25 statistics': 1,
      'scoring pass': 1.5,
      COMMIT: 1,
    })
  })

  it('summarizes nothing when no search was recorded', () => {
    expect(new StatementLog().summarize(0.1)).toBeUndefined()
  })

  it("passes a failed statement's error through", async () => {
    const log = new StatementLog()
    log.startSearch()
    await expect(log.record('COMMIT', Promise.reject(new Error('gone')))).rejects.toThrow('gone')
  })
})

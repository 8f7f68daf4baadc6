import { describe, expect, it } from 'vitest'
import type { AnswerExpectation } from './AnswerExpectation.js'
import { judgeAnswer } from './judgeAnswer.js'
import { LoadLedger } from './LoadLedger.js'
import { startConcurrentLoad } from './startConcurrentLoad.js'

const expectation: AnswerExpectation = {
  namespace: 'ns-0001',
  complete: 3,
  members: new Set([1, 2, 3, 4, 5]),
  truth: [1, 2, 3],
  before: [1, 2, 4],
}

describe('judgeAnswer', () => {
  it('calls the answer given before right', () => {
    expect(judgeAnswer([1, 2, 4], expectation, 3)).toEqual({ kind: 'right' })
  })

  it('tells a short answer, another user’s row and a repeated row apart as wrong', () => {
    expect(judgeAnswer([1, 2], expectation, 3)).toMatchObject({
      kind: 'wrong',
      why: expect.stringContaining('2 rows'),
    })
    expect(judgeAnswer([1, 2, 99], expectation, 3)).toMatchObject({
      kind: 'wrong',
      why: expect.stringContaining('row 99 belongs to another namespace'),
    })
    expect(judgeAnswer([1, 1, 2], expectation, 3)).toMatchObject({
      kind: 'wrong',
      why: expect.stringContaining('twice'),
    })
  })

  it('accepts another order or set that finds as much as before, and refuses one that finds less', () => {
    // Before: recall 2/3. Another order of the same rows, and a better set, are no error.
    expect(judgeAnswer([2, 1, 4], expectation, 3)).toEqual({ kind: 'different' })
    expect(judgeAnswer([1, 2, 3], expectation, 3)).toEqual({ kind: 'different' })
    // Recall 1/3 where the store found 2/3 before the move.
    expect(judgeAnswer([1, 4, 5], expectation, 3)).toMatchObject({
      kind: 'wrong',
      why: expect.stringContaining('recall@3 0.33 against 0.67'),
    })
  })
})

describe('LoadLedger', () => {
  it('counts as lost only the acknowledged writes that are not readable, never the failed ones', () => {
    const ledger = new LoadLedger()
    ledger.written('a', 'w1', 2)
    ledger.written('a', 'w2', 4)
    ledger.written('b', 'w3', 6)
    ledger.writeFailed('b', 'w4', 'Error: connection reset')
    const tally = ledger.tally(new Map([['a', new Set(['w1', 'w2'])]]))
    expect(tally).toMatchObject({ acknowledged: 3, failedWrites: 1, lost: 1 })
    expect(tally.examples).toEqual([
      'failed write b/w4: Error: connection reset',
      'lost: b/w3 was acknowledged and is not readable',
    ])
    expect(tally.writeLatency.p50).toBe(4)
    // The same id readable under another namespace is still lost from its own.
    expect(ledger.tally(new Map([['a', new Set(['w1', 'w2', 'w3'])]])).lost).toBe(1)
    expect(
      ledger.tally(
        new Map([
          ['a', new Set(['w1', 'w2'])],
          ['b', new Set(['w3'])],
        ]),
      ).lost,
    ).toBe(0)
  })

  it('counts every verdict once and keeps the reasons of the wrong and failed ones', () => {
    const ledger = new LoadLedger()
    ledger.search({ kind: 'right' }, 1)
    ledger.search({ kind: 'different' }, 1)
    ledger.search({ kind: 'wrong', why: 'ns-1: 2 rows where a complete answer has 3' }, 1)
    ledger.search({ kind: 'failed', why: 'Error: shard moved' }, 1)
    const tally = ledger.tally(new Map())
    expect(tally).toMatchObject({ searches: 4, right: 1, different: 1, wrong: 1, failedSearches: 1, lost: 0 })
    expect(tally.examples).toEqual([
      'wrong answer: ns-1: 2 rows where a complete answer has 3',
      'failed answer: Error: shard moved',
    ])
  })
})

describe('startConcurrentLoad', () => {
  it('records a search that throws as failed and a write that throws as failed, never as acknowledged', async () => {
    const ledger = new LoadLedger()
    let searches = 0
    let writes = 0
    let enough: () => void = () => undefined
    const done = new Promise<void>((resolve) => {
      enough = resolve
    })
    const load = startConcurrentLoad(ledger, {
      searchers: 1,
      writers: 1,
      search: async (i) => {
        if (++searches >= 4 && writes >= 4) enough()
        if (i === 1) throw new Error('shard moved')
        return { kind: 'right' }
      },
      write: (i) => ({
        namespace: 'w',
        id: `w${i}`,
        run: async () => {
          writes++
          await Promise.resolve()
          if (i === 2) throw new Error('connection reset')
        },
      }),
    })
    await done
    await load.stop()
    const tally = ledger.tally(new Map([['w', new Set(ledger.writes().map((w) => w.id))]]))
    expect(tally.failedSearches).toBe(1)
    expect(tally.right).toBe(tally.searches - 1)
    expect(tally.failedWrites).toBe(1)
    expect(ledger.writes().map((w) => w.id)).not.toContain('w2')
    expect(tally.acknowledged).toBe(writes - 1)
    expect(tally.lost).toBe(0)
  })
})

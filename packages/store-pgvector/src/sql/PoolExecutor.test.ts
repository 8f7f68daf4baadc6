import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { PoolExecutor } from './PoolExecutor.js'

describe('PoolExecutor.close', () => {
  // pg-pool forwards an error of an idle or closing client to the pool ('error'); pool.end()
  // resolves before its clients have closed, so such an error can arrive after close.
  it('leaves a listener on a pool it owns, so an error after close cannot crash the process', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1 })
    await new PoolExecutor(pool, { statementTimeoutMs: 0, ownsPool: true }).close()
    expect(() =>
      pool.emit('error', new Error('terminating connection due to administrator command')),
    ).not.toThrow()
  })

  it('takes its listeners off a pool it was given', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1 })
    const before = pool.listenerCount('error')
    const executor = new PoolExecutor(pool, { statementTimeoutMs: 0, ownsPool: false })
    expect(pool.listenerCount('error')).toBe(before + 1)
    await executor.close()
    expect(pool.listenerCount('error')).toBe(before)
    await pool.end()
  })
})

import pg from 'pg'

const IN_FLIGHT = Symbol('agent-memory.bench.inFlight')

type CountedClient = { pipeline?: boolean; [IN_FLIGHT]?: number }

/**
 * Counts the round trips of every node-postgres client of this process from now on (each side's
 * library and ours resolve the same `pg`), so a search's round trips can be compared: each `query`
 * call waits for its answer, except on a client in pipeline mode, where a query written while
 * others of that client are still unanswered rides in their round trip (it is counted only when
 * it is the first one out). Returns the running count; PGlite's statements are not counted.
 */
export function countPgStatements(): () => number {
  let count = 0
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const query = prototype.query
  prototype.query = function counted(this: CountedClient, ...args: unknown[]) {
    const pipelined = this.pipeline === true
    const inFlight = this[IN_FLIGHT] ?? 0
    if (!pipelined || inFlight === 0) count++
    const result = query.apply(this, args)
    if (pipelined && result instanceof Promise) {
      this[IN_FLIGHT] = inFlight + 1
      const settle = () => {
        this[IN_FLIGHT] = (this[IN_FLIGHT] ?? 1) - 1
      }
      result.then(settle, settle)
    }
    return result
  }
  return () => count
}

import type { PipelinedRunner } from '../../../sql/PipelinedRunner.js'
import type { SqlRunner } from '../../../sql/SqlRunner.js'

/** A runner each of whose statements is the last of its pipelined transaction: the COMMIT leaves with it. */
export function lastReads(pipelined: PipelinedRunner): SqlRunner {
  return {
    query: <Row>(text: string, params?: unknown[]) => {
      const answer = pipelined.query<Row>(text, params)
      pipelined.commit()
      return answer
    },
  }
}

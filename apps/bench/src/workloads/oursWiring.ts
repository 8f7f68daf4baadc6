import { postgresOursIngest, postgresOursSearch } from '../ours/postgresOurs.js'
import type { BenchContext } from './BenchContext.js'
import type { OursIngest } from './OursIngest.js'
import type { OursSearchFactory } from './OursSearchTarget.js'
import { runCliWorkload } from './runCliWorkload.js'
import { runEmbedderWorkload } from './runEmbedderWorkload.js'
import { runMemoryFloorWorkload } from './runMemoryFloorWorkload.js'
import { runPgliteWorkload } from './runPgliteWorkload.js'
import { runProfileWorkload } from './runProfileWorkload.js'
import { runToolWorkload } from './runToolWorkload.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

export interface OursWiring {
  ingest: OursIngest | undefined
  postgres: OursSearchFactory | undefined
  /** The same store with the ANN path forced (exact threshold lowered), for W2 below 10k rows. */
  postgresAnn: OursSearchFactory | undefined
  extraWorkloads: Array<{
    id: string
    title: string
    needsPostgres: boolean
    run: (ctx: BenchContext) => Promise<WorkloadOutcome>
  }>
}

/** Our packages as the workloads see them. */
export async function oursWiring(
  ctx: BenchContext,
  _environment: Record<string, string>,
): Promise<OursWiring> {
  const dimensions = ctx.data.dimensions
  const url = ctx.databaseUrl
  return {
    ingest: url ? postgresOursIngest({ databaseUrl: url, dimensions }) : undefined,
    postgres: url ? postgresOursSearch({ databaseUrl: url, dimensions }) : undefined,
    postgresAnn: url
      ? postgresOursSearch({
          databaseUrl: url,
          dimensions,
          exactSearchMaxRows: 100,
          label: 'agent-memory (Postgres, ANN forced)',
        })
      : undefined,
    extraWorkloads: [
      { id: 'W0', title: 'Memory-bandwidth floor', needsPostgres: false, run: runMemoryFloorWorkload },
      { id: 'W4', title: 'Embedded default (PGlite)', needsPostgres: false, run: runPgliteWorkload },
      { id: 'W5', title: 'Embedder vs fake server', needsPostgres: false, run: runEmbedderWorkload },
      { id: 'W6', title: 'memory_search end to end', needsPostgres: false, run: runToolWorkload },
      { id: 'W8', title: 'The CLI as a person feels it', needsPostgres: false, run: runCliWorkload },
      { id: 'PROFILE', title: 'memory.profile beside recall', needsPostgres: false, run: runProfileWorkload },
    ],
  }
}

import type { CliConfig, StoreTarget } from '../config/CliConfig.js'
import type { GlobalOptions } from '../config/GlobalOptions.js'
import { resolveConfig } from '../config/resolveConfig.js'
import { checkNodeVersion } from './checkNodeVersion.js'
import type { DoctorCheck } from './DoctorCheck.js'
import { inspectDataDir } from './inspectDataDir.js'
import { inspectEmbedder } from './inspectEmbedder.js'
import { inspectHolder } from './inspectHolder.js'
import { inspectPglite } from './inspectPglite.js'
import { inspectPostgres } from './inspectPostgres.js'
import { judgeRecordedEmbedder } from './judgeRecordedEmbedder.js'
import { readRecordedEmbedder } from './readRecordedEmbedder.js'

export interface DoctorReport {
  store: StoreTarget
  checks: DoctorCheck[]
}

/**
 * The store part of the configuration even when the embedder part is wrong (no key): the embedder
 * check reports that, and the store is still examined. A store flag that is wrong stays a usage error.
 */
function storeTarget(options: GlobalOptions, env: NodeJS.ProcessEnv, cwd: string): StoreTarget {
  const { baseUrl: _baseUrl, model: _model, ...rest } = options
  return resolveConfig({ ...rest, embedder: 'hashing' }, env, cwd).store
}

function skip(name: DoctorCheck['name'], detail: string): DoctorCheck {
  return { name, status: 'skip', detail }
}

/**
 * Every check of `agent-memory doctor`, in the order a setup is built: the runtime, the store, the
 * embedder, then whether the two agree. Read-only: a missing data directory is not created and
 * nothing is recorded; the embedder gets one request of one short text.
 */
export async function runDoctor(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv,
  cwd: string,
  nodeVersion = process.versions.node,
): Promise<DoctorReport> {
  const store = storeTarget(options, env, cwd)
  const config = (): CliConfig => resolveConfig(options, env, cwd)
  const checks: DoctorCheck[] = [checkNodeVersion(nodeVersion)]
  let storeUsable: boolean
  let absent: string | undefined
  if (store.kind === 'embedded') {
    const dataDir = await inspectDataDir(store.dataDir)
    const holder =
      dataDir.exists && dataDir.check.status === 'ok'
        ? await inspectHolder(store.dataDir)
        : [skip('lock', 'no data directory to hold'), skip('store-server', 'no data directory to serve')]
    if (!dataDir.exists)
      absent = 'no store yet: the first command that opens it records the configured embedder'
    const pglite = await inspectPglite(true)
    checks.push(dataDir.check, ...holder, pglite)
    storeUsable =
      dataDir.exists && [dataDir.check, ...holder, pglite].every((check) => check.status !== 'fail')
  } else {
    checks.push(await inspectPglite(false))
    const postgres = await inspectPostgres(store.url, store.schema)
    checks.push(...postgres)
    // A small buffer pool or a server without autovacuum slows the store; neither stops it opening.
    const tuning = new Set<DoctorCheck['name']>(['shared-buffers', 'autovacuum'])
    storeUsable = postgres.every((check) => tuning.has(check.name) || check.status === 'ok')
  }
  const embedder = await inspectEmbedder(config)
  checks.push(...embedder.checks)
  if (embedder.identity === undefined) {
    checks.push(skip('recorded-embedder', 'no embedder is configured to compare'))
  } else if (absent !== undefined) {
    checks.push(skip('recorded-embedder', absent))
  } else if (!storeUsable) {
    checks.push(skip('recorded-embedder', 'the store cannot be opened yet (see above)'))
  } else {
    checks.push(
      await readRecordedEmbedder(store, embedder.identity.dimensions).then(
        (recorded) => judgeRecordedEmbedder(recorded, embedder.identity!),
        (error: unknown): DoctorCheck => ({
          name: 'recorded-embedder',
          status: 'fail',
          detail: `could not read the recorded embedder: ${error instanceof Error ? error.message : String(error)}`,
          fix: 'run agent-memory doctor --debug again, or agent-memory stats, for the full error',
        }),
      ),
    )
  }
  return { store, checks }
}

import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { NodeAddress } from './NodeAddress.js'

/**
 * One more node for the rebalance: `CITUS_SPARE_NODE` (host:port) when set, else the one
 * `scripts/setup-citus.sh spare` starts beside the local cluster (it prints host:port last).
 */
export async function startSpareNode(repoRoot: string): Promise<NodeAddress> {
  let address = process.env.CITUS_SPARE_NODE
  if (!address) {
    const script = join(repoRoot, 'scripts', 'setup-citus.sh')
    const { stdout } = await promisify(execFile)('bash', [script, 'spare']).catch((error: unknown) => {
      const stderr = (error as { stderr?: string }).stderr?.trim().split('\n').slice(-3).join(' ')
      throw new Error(
        `no spare node for the rebalance: ${script} spare failed (${stderr || String(error)}); set CITUS_SPARE_NODE=host:port to name a node with Citus and pgvector installed`,
      )
    })
    address = stdout.trim().split('\n').pop()
  }
  const match = /^(.+):(\d+)$/.exec(address ?? '')
  if (!match) throw new Error(`a spare node is host:port, got ${JSON.stringify(address)}`)
  return { host: match[1]!, port: Number(match[2]) }
}

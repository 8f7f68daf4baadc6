import type { ClusterDatabase } from './ClusterDatabase.js'
import { dropNodeDatabase } from './dropNodeDatabase.js'
import type { NodeAddress } from './NodeAddress.js'
import { nodeUrl } from './nodeUrl.js'
import { prepareNodeDatabase } from './prepareNodeDatabase.js'
import { withClient } from './withClient.js'

/**
 * Database `name` on the coordinator `coordinatorUrl` names and on each worker its database lists,
 * with citus and vector, the coordinator and those workers registered in it. Citus keeps a cluster's
 * membership per database, so nodes added or removed here change nothing for the cluster's other
 * databases. A database of that name left by an interrupted run is replaced.
 */
export async function createClusterDatabase(coordinatorUrl: string, name: string): Promise<ClusterDatabase> {
  const parsed = new URL(coordinatorUrl)
  const coordinator: NodeAddress = { host: parsed.hostname, port: Number(parsed.port || 5432) }
  const workers = await withClient(coordinatorUrl, async (client) => {
    const { rows } = await client.query<{ nodename: string; nodeport: number }>(
      `SELECT nodename, nodeport FROM pg_dist_node
        WHERE noderole = 'primary' AND isactive AND groupid <> 0 ORDER BY nodename, nodeport`,
    )
    return rows.map((row): NodeAddress => ({ host: row.nodename, port: row.nodeport }))
  })
  if (workers.length === 0)
    throw new Error(
      `the database of ${nodeUrl(coordinatorUrl, coordinator, parsed.pathname.slice(1))} lists no active Citus worker (pg_dist_node): is it a Citus coordinator with its workers added?`,
    )
  const prepared: NodeAddress[] = [coordinator, ...workers]
  const url = nodeUrl(coordinatorUrl, coordinator, name)
  const drop = async () => {
    for (const node of prepared) await dropNodeDatabase(coordinatorUrl, node, name)
  }
  try {
    for (const node of prepared) await prepareNodeDatabase(coordinatorUrl, node, name)
    await withClient(url, async (client) => {
      await client.query('SELECT citus_set_coordinator_host($1, $2)', [coordinator.host, coordinator.port])
      for (const worker of workers)
        await client.query('SELECT citus_add_node($1, $2)', [worker.host, worker.port])
    })
  } catch (error) {
    await drop().catch(() => undefined)
    throw error
  }
  return {
    url,
    coordinator,
    workers,
    prepareNode: async (node) => {
      prepared.push(node)
      await prepareNodeDatabase(coordinatorUrl, node, name)
    },
    drop,
  }
}

import type { NodeAddress } from './NodeAddress.js'
import { nodeUrl } from './nodeUrl.js'
import { withClient } from './withClient.js'

/**
 * A fresh database `name` on one node, with the citus and vector extensions (a node joins a
 * database's cluster only when both are there); any database of that name left by an earlier run
 * is dropped first.
 */
export async function prepareNodeDatabase(baseUrl: string, node: NodeAddress, name: string): Promise<void> {
  await withClient(nodeUrl(baseUrl, node, 'postgres'), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${name}"`)
  })
  await withClient(nodeUrl(baseUrl, node, name), async (client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS citus')
    await client.query('CREATE EXTENSION IF NOT EXISTS vector')
  })
}

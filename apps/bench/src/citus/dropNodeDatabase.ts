import type { NodeAddress } from './NodeAddress.js'
import { nodeUrl } from './nodeUrl.js'
import { withClient } from './withClient.js'

/** Drops database `name` on one node, if it is there. */
export async function dropNodeDatabase(baseUrl: string, node: NodeAddress, name: string): Promise<void> {
  await withClient(nodeUrl(baseUrl, node, 'postgres'), (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  )
}

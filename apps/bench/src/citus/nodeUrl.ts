import type { NodeAddress } from './NodeAddress.js'

/** `baseUrl` (its user, password and parameters) pointed at another node and database. */
export function nodeUrl(baseUrl: string, node: NodeAddress, database: string): string {
  const url = new URL(baseUrl)
  url.hostname = node.host
  url.port = String(node.port)
  url.pathname = `/${database}`
  return url.toString()
}

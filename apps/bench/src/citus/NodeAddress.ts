/** One PostgreSQL node of a Citus cluster, as `pg_dist_node` names it. */
export interface NodeAddress {
  host: string
  port: number
}

/** Why W15 cannot run without a cluster, and where one comes from. */
export const CITUS_REFUSAL =
  "W15 measures a Citus cluster and needs CITUS_DATABASE_URL, the coordinator's connection string (bash scripts/setup-citus.sh <citus tarball> [patch] starts a local cluster and prints it last), beside DATABASE_URL for the single server it is compared with"

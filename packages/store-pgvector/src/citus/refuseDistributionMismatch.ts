import { StoreError } from '@agent-memory/core'
import type { CitusState } from './citusState.js'

/**
 * A sentence for each way the database and the caller disagree about distribution: Citus asked
 * for where it is not installed or the store was not distributed, or a distributed store opened
 * (or migrated) as a plain one. `migrating`: `migrate` lays a store out, so only a missing Citus
 * stops it there.
 */
export function refuseDistributionMismatch(
  citus: CitusState | undefined,
  distribute: 'citus' | undefined,
  migrating: boolean,
): void {
  const how = migrating ? 'migrate it' : 'open it'
  if (distribute === 'citus' && citus?.installed !== true) {
    throw new StoreError(
      'unknown',
      "distribute: 'citus' needs the citus extension in this database: connect to a Citus coordinator " +
        '(see docs/postgres.md, "Scale out on Citus")',
    )
  }
  if (distribute === 'citus' && !migrating && citus?.complete !== true) {
    throw new StoreError(
      'unknown',
      "this store's tables are not distributed by Citus: run migrate({ distribute: 'citus' }) " +
        '(`agent-memory init --citus`) on an empty store first, or open it without distribute',
    )
  }
  if (distribute === undefined && citus?.distributed === true) {
    throw new StoreError(
      'unknown',
      `this store's tables are distributed by Citus: ${how} with distribute: 'citus' (\`agent-memory init --citus\`, \`--citus\` on the CLI)`,
    )
  }
}

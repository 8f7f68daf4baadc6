import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `RepairStore.releaseClaims`: ends leases without counting an attempt. */
export async function releaseRowClaims(
  state: InMemoryState,
  claims: ReadonlyArray<{ namespace: string; id: string }>,
): Promise<void> {
  for (const claim of claims) {
    const row = findRow(state, claim.namespace, claim.id)
    if (row && row.memory.embedState === 'pending') row.leaseUntil = null
  }
}

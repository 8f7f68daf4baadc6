/** The key a write deduplicates on within its namespace: tier and content fingerprint. */
export function duplicateKey(tier: string, fingerprint: string): string {
  return `${tier}\u0000${fingerprint}`
}

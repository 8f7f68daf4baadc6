/**
 * Where `observe` records which messages it has processed, per namespace, so that observing the
 * same messages again changes nothing. Keys are message ids (`id:…`) or content hashes.
 */
export interface ObserveLedger {
  /** The subset of `keys` already recorded for `namespace`. */
  seen(namespace: string, keys: readonly string[]): Promise<Set<string>>
  /** Marks `keys` as observed for `namespace`, so the same messages are not observed twice. */
  record(namespace: string, keys: readonly string[]): Promise<void>
}

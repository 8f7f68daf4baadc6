/**
 * Links between memories of one namespace (`Memory.linkedMemoryIds`): advisory references to
 * related facts, changed in place without touching content, vectors or keyword statistics.
 */
export interface LinkStore {
  /**
   * Adds `toId` to the links of `fromId` (once; adding it again changes nothing). Returns false,
   * writing nothing, when either memory is missing from the namespace or the ids are equal.
   */
  addLink(namespace: string, fromId: string, toId: string): Promise<boolean>
  /** Removes `toId` from the links of `fromId`; returns whether it was there. */
  removeLink(namespace: string, fromId: string, toId: string): Promise<boolean>
}

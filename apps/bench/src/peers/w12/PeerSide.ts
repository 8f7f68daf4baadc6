/** One memory library as W12 drives it: add texts for a user, search a user's memories. */
export interface PeerSide {
  /** Package versions and the settings the side runs with, for the report. */
  describe: Record<string, string>
  /** Stores `texts` as memories of `user` through the library's own write API. */
  add(user: string, texts: string[]): Promise<void>
  /** The contents of the library's top `k` answers for `query` among `user`'s memories. */
  search(user: string, query: string, k: number): Promise<string[]>
  /** Waits for the work a library does in the background after a call (ours: reinforcement, and the store's index upkeep). */
  settle?(): Promise<void>
  close(): Promise<void>
}

import type { KeywordIndex } from '../keyword/KeywordIndex.js'
import type { VectorIndex } from '../vectors/VectorIndex.js'

/**
 * The embedded store's in-process search indexes, both following the row change log: only where
 * this process owns the database and the log is installed (`openEmbeddedStore` does both).
 */
export interface InProcessIndexes {
  keyword: KeywordIndex
  vector: VectorIndex
}

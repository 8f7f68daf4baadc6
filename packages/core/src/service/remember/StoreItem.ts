import type { MemoryWrite } from '../../model/MemoryWrite.js'
import type { PreparedWrite } from './PreparedWrite.js'

/** One write on its way to the store: its input index, the prepared input, the write, and whether its stored vector stays. */
export interface StoreItem {
  index: number
  prepared: PreparedWrite
  write: MemoryWrite
  keep: boolean
}

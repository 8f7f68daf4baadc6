/** WAL of one kind (`resource manager/record type`) a window wrote for one database. */
export interface WalRecordKind {
  kind: string
  records: number
  /** WAL space the records take (end LSN − start LSN: alignment and page headers crossed included), without their full-page images. */
  recordBytes: number
  /** Full-page images they carry (the first change of a page after a checkpoint's redo point). */
  fpiBytes: number
}

/** What a window of WAL holds for one database, read with `pg_walinspect`. */
export interface WalOfDatabase {
  /** Largest first; records of the database (a block of it) and the commits of their transactions. */
  kinds: WalRecordKind[]
  recordBytes: number
  fpiBytes: number
  /** WAL of the window that is not the database's: other databases, server-wide records (checkpoints, running transactions). */
  elsewhereBytes: number
  /** Checkpoints whose redo point falls inside the window (their full-page images follow). */
  checkpoints: number
}

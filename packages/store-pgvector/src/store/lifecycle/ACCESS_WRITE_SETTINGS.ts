/**
 * The transaction settings of a write that changes access rows only (recall's reinforcement
 * without a sliding expiry): its COMMIT does not wait for the WAL flush (`synchronous_commit`
 * off, for that transaction alone). An access count and time are statistics: a server crash can
 * lose the last fraction of a second of them (at most three times `wal_writer_delay`, 0.6 s by
 * default), never corrupt or half-write them, and nothing else changes with them. The write no
 * longer holds its connection, and the searches beside it, through a disk flush per flush of the
 * queue. A sliding expiry changes the memory's own row (when it expires): that transaction keeps
 * the server's setting.
 */
export const ACCESS_WRITE_SETTINGS = { synchronous_commit: 'off' } as const

/** A text's bytes as stored (the database's encoding: UTF-8 on PGlite and on a default server), immutably. */
const bytesOf = (text: string) => `decode(replace(${text}, chr(92), chr(92) || chr(92)), 'escape')`

/**
 * The key of a memory's access row (`agent_memory_access.access_key`, migration 0013) as SQL, over
 * SQL expressions of its namespace and id: the first 16 bytes of sha256 over the two joined by a
 * NUL byte, as a uuid. No PostgreSQL text holds a NUL, so no two pairs join to the same bytes.
 * A 16-byte key instead of the two texts: a first access inserts an index entry of 24 bytes where
 * the namespace and id made one of 56 and more, and leaf pages split half as often. sha256, not
 * md5: a server in FIPS mode refuses md5. Built-in functions only, so every node of a Citus cluster
 * computes it with nothing installed there; immutable ones only (`decode` of the text with its
 * backslashes doubled, where `convert_to` is stable), as Citus refuses a stable function over a
 * column in an UPDATE. Every statement that reads or writes an access row names it through this;
 * migration 0013 computes the same for the rows it keyed.
 */
export const accessKeyOf = (namespace: string, id: string): string =>
  `encode(substring(sha256(${bytesOf(namespace)} || decode('00', 'hex') || ${bytesOf(id)}) from 1 for 16), 'hex')::uuid`

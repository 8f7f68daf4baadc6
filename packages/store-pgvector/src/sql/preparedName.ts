import { randomBytes } from 'node:crypto'

/**
 * At most this many statement texts are prepared per process: the search paths' shapes (each leg,
 * exact or walking an index, with or without a filter's conditions) are a few dozen; a text past
 * the cap runs unnamed, as every statement did before, so no connection ever holds an unbounded
 * number of prepared statements.
 */
const MAX_PREPARED = 256

/** Per loaded copy of this module, so two copies of the store sharing a pool never reuse a name for another text. */
const PREFIX = `agent_memory_${randomBytes(4).toString('hex')}_`
const names = new Map<string, string>()

/**
 * The server-side prepared statement `text` runs as: its name, the same on every connection of
 * the process (node-postgres parses it once per connection, then binds and executes), or
 * `undefined` past `MAX_PREPARED` texts.
 */
export function preparedName(text: string): string | undefined {
  const known = names.get(text)
  if (known !== undefined || names.size >= MAX_PREPARED) return known
  const name = `${PREFIX}${names.size + 1}`
  names.set(text, name)
  return name
}

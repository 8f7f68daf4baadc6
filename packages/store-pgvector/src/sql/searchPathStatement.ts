import { checkSchemaName } from './checkSchemaName.js'

/**
 * SQL putting `schema` first on the search path and keeping the rest (where the `vector` type
 * lives: `public`, or `extensions` on some hosts). `local`: until the transaction ends, which
 * survives transaction poolers; otherwise for the session (the caller runs `RESET search_path`).
 * The name is checked to be a plain identifier, so quoting it inline is safe.
 */
export function searchPathStatement(schema: string, local: boolean): string {
  const name = checkSchemaName(schema)
  return `SELECT set_config('search_path', '"${name}", ' || current_setting('search_path'), ${local})`
}

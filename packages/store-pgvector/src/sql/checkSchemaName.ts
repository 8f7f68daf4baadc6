import { InvalidArgumentError } from '@agent-memory/core'

/**
 * A schema name the store can quote safely: a plain SQL identifier (letters, digits, `_`, `$`;
 * not starting with a digit), at most 63 bytes as PostgreSQL truncates longer ones.
 */
export function checkSchemaName(schema: unknown): string {
  if (typeof schema !== 'string' || !/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/.test(schema)) {
    throw new InvalidArgumentError(
      'schema',
      'schema must be a plain identifier (letters, digits, _ or $, not starting with a digit, at most 63 characters)',
    )
  }
  return schema
}

import { MemoryError, StoreError, type StoreErrorKind } from '@agent-memory/core'

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
])

function kindOf(code: string | undefined, message: string): StoreErrorKind {
  if (code !== undefined) {
    if (code === '57014') return 'timeout'
    if (code === '40001' || code === '40P01') return 'serialization'
    if (code.startsWith('23')) return 'constraint'
    if (code.startsWith('08') || CONNECTION_CODES.has(code)) return 'connection'
  }
  if (
    /connection terminated|not queryable|connection error|timeout exceeded when trying to connect/i.test(
      message,
    )
  ) {
    return 'connection'
  }
  return 'unknown'
}

const DESCRIPTIONS: Record<StoreErrorKind, string> = {
  connection: 'the database connection failed (retryable: make the same call again once the server answers)',
  timeout: 'the database statement timed out or was cancelled (retryable: make the same call again)',
  serialization: 'the database transaction conflicted with another one (retryable: make the same call again)',
  constraint: 'the database refused the write (constraint violation)',
  closed: 'the store is closed',
  permission: 'the database refused the operation (permission)',
  resources: 'the database server ran out of resources',
  configuration: 'the database is not set up as the store expects',
  unknown: 'the database query failed',
}

/** A quoted identifier from a server message; identifiers only, so nothing a caller stored. */
function quoted(message: string, pattern: RegExp): string | undefined {
  const found = pattern.exec(message)?.[1]
  return found !== undefined && /^[\p{L}\p{N}_.$ -]{1,128}$/u.test(found) ? found : undefined
}

interface Explained {
  kind: StoreErrorKind
  sentence: string
}

/**
 * One sentence (what is wrong, what to do) for the SQLSTATEs an operator meets when setting a
 * store up; their server messages name objects (a table, a user, a database), never values.
 */
function explain(code: string, message: string): Explained | undefined {
  switch (code) {
    case '42501': {
      const object =
        /permission denied for (schema|table|relation|sequence|database|function) "?([\w.$]{1,128})"?/.exec(
          message,
        )
      if (object?.[1] === 'schema') {
        return {
          kind: 'permission',
          sentence:
            `the database user may not create or use objects in schema ${object[2]}: ` +
            `GRANT USAGE, CREATE ON SCHEMA ${object[2]} to it, or keep agent-memory's tables in a schema it owns ` +
            '(the schema option, --schema on the CLI)',
        }
      }
      const on = object === null ? '' : ` on ${object[1]} ${object[2]}`
      return {
        kind: 'permission',
        sentence:
          `the database user lacks a privilege${on} that agent-memory needs: ` +
          "grant it (SELECT, INSERT, UPDATE, DELETE on agent-memory's tables), or connect as their owner",
      }
    }
    case '28P01': {
      const user = quoted(message, /user "([^"]+)"/)
      return {
        kind: 'permission',
        sentence: `the database refused the login${user === undefined ? '' : ` of user "${user}"`} (wrong password): check the user name and password in the connection string`,
      }
    }
    case '28000': {
      const role = quoted(message, /role "([^"]+)" does not exist/)
      if (role !== undefined) {
        return {
          kind: 'permission',
          sentence: `the database role "${role}" does not exist: fix the user name in the connection string, or create the role (CREATE ROLE "${role}" LOGIN)`,
        }
      }
      return {
        kind: 'permission',
        sentence:
          'the database server does not let this user connect from here (pg_hba.conf has no matching entry): ' +
          'allow it in pg_hba.conf, or connect as a user it admits',
      }
    }
    case '3D000': {
      const database = quoted(message, /database "([^"]+)" does not exist/)
      const name = database === undefined ? 'named in the connection string' : `"${database}"`
      return {
        kind: 'configuration',
        sentence: `the database ${name} does not exist: create it (createdb${database === undefined ? '' : ` ${database}`}) or fix the database name in the connection string`,
      }
    }
    case '3F000': {
      const schema = quoted(message, /schema "([^"]+)" does not exist/)
      return {
        kind: 'configuration',
        sentence: `the schema${schema === undefined ? '' : ` ${schema}`} does not exist: run migrate (agent-memory init) to create it, or fix the schema name`,
      }
    }
    case '42P07': {
      const relation = quoted(message, /relation "([^"]+)" already exists/) ?? 'memories'
      return {
        kind: 'configuration',
        sentence:
          `a table or index named ${relation} already exists and is not agent-memory's: ` +
          'keep agent-memory in its own schema with the schema option (--schema on the CLI)',
      }
    }
    case '53100':
      return {
        kind: 'resources',
        sentence:
          'the database server is out of disk space: free space or grow its volume, then retry (nothing was written)',
      }
    case '53200':
      return {
        kind: 'resources',
        sentence: 'the database server ran out of memory: retry later, or give it more memory',
      }
    case '53300':
      return {
        kind: 'connection',
        sentence:
          "the database server has no free connection slots: retry later, lower the store's pool size, or raise max_connections",
      }
    case '25006':
      return {
        kind: 'permission',
        sentence: 'the database is read-only here: connect to a writable primary to change memories',
      }
    default:
      return undefined
  }
}

/**
 * Turns a driver error into a `StoreError`. Only the SQLSTATE and, for constraints, the
 * constraint name survive: driver messages and details can quote parameter values (and
 * PGlite attaches the query and its parameters), so none of them are copied or chained. The
 * setup errors an operator meets (privileges, logins, a missing database, someone else's
 * table, a full disk) become one sentence saying what to do; their server message, which
 * names objects only, is kept as `detail` for diagnostics.
 */
export function mapDatabaseError(error: unknown): MemoryError {
  if (MemoryError.isInstance(error)) return error
  const raw = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    message?: unknown
    constraint?: unknown
  }
  const code = typeof raw.code === 'string' && /^[A-Z0-9_]{1,24}$/.test(raw.code) ? raw.code : undefined
  const message = typeof raw.message === 'string' ? raw.message : ''
  const suffix = code === undefined ? '' : ` (${/^[A-Z0-9]{5}$/.test(code) ? 'SQLSTATE ' : ''}${code})`
  const explained = code === undefined ? undefined : explain(code, message)
  if (explained !== undefined) {
    return new StoreError(explained.kind, explained.sentence, {
      code: code!,
      detail: `SQLSTATE ${code}: ${message.slice(0, 500)}`,
    })
  }
  const kind = kindOf(code, message)
  const constraint =
    kind === 'constraint' && typeof raw.constraint === 'string' && /^[a-z0-9_]{1,63}$/.test(raw.constraint)
      ? ` on ${raw.constraint}`
      : ''
  return new StoreError(
    kind,
    `${DESCRIPTIONS[kind]}${constraint}${suffix}`,
    code === undefined ? {} : { code },
  )
}

import path from 'node:path'
import { UsageError } from '../cli/UsageError.js'
import type { CliConfig, EmbedderChoice, StoreTarget } from './CliConfig.js'
import type { GlobalOptions } from './GlobalOptions.js'

/** The embedded data directory used when neither a flag nor the environment names one. */
const DEFAULT_DATA_DIR = '.agent-memory'

const EMBEDDERS = ['hashing', 'use', 'openrouter'] as const

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}

/**
 * Flags win over environment variables, which win over defaults:
 * `--database-url` / `DATABASE_URL` selects PostgreSQL, otherwise the embedded store in
 * `--data-dir` / `AGENT_MEMORY_DATA_DIR` / `./.agent-memory`. `--embedder` chooses explicitly;
 * otherwise `OPENROUTER_API_KEY` (or a `--base-url`) selects the OpenAI-compatible embedder and
 * the offline hashing embedder is the default.
 */
export function resolveConfig(options: GlobalOptions, env: NodeJS.ProcessEnv, cwd: string): CliConfig {
  const databaseUrl = nonEmpty(options.databaseUrl) ?? nonEmpty(env.DATABASE_URL)
  const dataDir = nonEmpty(options.dataDir) ?? nonEmpty(env.AGENT_MEMORY_DATA_DIR) ?? DEFAULT_DATA_DIR
  if (nonEmpty(options.databaseUrl) !== undefined && nonEmpty(options.dataDir) !== undefined) {
    throw new UsageError('--data-dir and --database-url are mutually exclusive; pass one of them')
  }
  const schema = nonEmpty(options.schema) ?? nonEmpty(env.AGENT_MEMORY_SCHEMA)
  if (databaseUrl === undefined && nonEmpty(options.schema) !== undefined) {
    throw new UsageError('--schema applies to PostgreSQL; pass --database-url (or DATABASE_URL) with it')
  }
  if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/.test(schema)) {
    throw new UsageError(
      `--schema '${schema}' is not a plain identifier: use letters, digits, _ or $ (not starting with a digit)`,
    )
  }
  const store: StoreTarget =
    databaseUrl === undefined
      ? { kind: 'embedded', dataDir: path.resolve(cwd, dataDir) }
      : { kind: 'postgres', url: databaseUrl, ...(schema === undefined ? {} : { schema }) }
  return { store, embedder: resolveEmbedder(options, env), debug: options.debug === true }
}

function resolveEmbedder(options: GlobalOptions, env: NodeJS.ProcessEnv): EmbedderChoice {
  const requested = nonEmpty(options.embedder)
  if (requested !== undefined && !(EMBEDDERS as readonly string[]).includes(requested)) {
    throw new UsageError(`unknown embedder '${requested}'; choose one of: ${EMBEDDERS.join(', ')}`)
  }
  const apiKey = nonEmpty(env.OPENROUTER_API_KEY)
  const baseUrl = nonEmpty(options.baseUrl)
  const kind = requested ?? (apiKey !== undefined || baseUrl !== undefined ? 'openrouter' : 'hashing')
  if (kind === 'use') {
    if (nonEmpty(options.model) !== undefined || options.dimensions !== undefined) {
      throw new UsageError(
        '--model and --dimensions apply to the openrouter and hashing embedders; the use embedder is one model of 512 dimensions',
      )
    }
    return { kind }
  }
  if (kind === 'hashing') {
    if (nonEmpty(options.model) !== undefined) {
      throw new UsageError(
        '--model applies to the openrouter embedder; the hashing embedder has no model choice',
      )
    }
    return options.dimensions === undefined ? { kind } : { kind, dimensions: options.dimensions }
  }
  if (apiKey === undefined && baseUrl === undefined) {
    throw new UsageError(
      'the openrouter embedder needs OPENROUTER_API_KEY in the environment (or --base-url for a local ' +
        'OpenAI-compatible server); use --embedder hashing to stay offline',
    )
  }
  const choice: EmbedderChoice = { kind: 'openrouter' }
  if (apiKey !== undefined) choice.apiKey = apiKey
  if (baseUrl !== undefined) choice.baseUrl = baseUrl
  const model = nonEmpty(options.model)
  if (model !== undefined) choice.model = model
  if (options.dimensions !== undefined) choice.dimensions = options.dimensions
  return choice
}

import {
  InvalidArgumentError,
  LevelSchema,
  METADATA_KEY_PATTERN,
  type MemoryFilter,
  TierSchema,
} from '@agent-memory/core'
import { ACCESS_SQL } from './ACCESS_SQL.js'
import type { SqlParams } from './SqlParams.js'

function checkDate(name: string, value: unknown): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new InvalidArgumentError(`filter.${name}`, `filter.${name} must be a valid Date`)
  }
  return value
}

function checkStrings(name: string, value: unknown): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new InvalidArgumentError(`filter.${name}`, `filter.${name} must be an array of strings`)
  }
  return value as string[]
}

/**
 * SQL conditions (over alias `m`) for a `MemoryFilter`, with every value bound through `params`.
 *
 * Liveness at `t` (`asOf`, else the database clock): not expired; the validity window open;
 * not superseded — except that under `asOf` supersession is answered by the window (supersede
 * stamps `validTo`), and `includeSuperseded` (without `asOf`) shows tombstones even though
 * their window closed. `nsParam`: the namespace the statement already binds (`$n`), which the
 * reinforcement beside the row is read under (`ACCESS_SQL`).
 */
export function buildFilter(filter: MemoryFilter | undefined, params: SqlParams, nsParam: string): string[] {
  const f = filter ?? {}
  const conditions: string[] = []
  const asOf = f.asOf === undefined ? undefined : checkDate('asOf', f.asOf)
  const at = asOf === undefined ? 'now()' : params.add(asOf, 'timestamptz')

  if (f.includeExpired !== true) conditions.push(`(m.expires_at IS NULL OR m.expires_at > ${at})`)
  if (f.includeSuperseded !== true && asOf === undefined) conditions.push('m.superseded_by IS NULL')
  conditions.push(`(m.valid_from IS NULL OR m.valid_from <= ${at})`)
  const open = `(m.valid_to IS NULL OR m.valid_to > ${at})`
  // Tombstones asked for explicitly show even though supersession closed their window.
  conditions.push(
    f.includeSuperseded === true && asOf === undefined ? `(m.superseded_by IS NOT NULL OR ${open})` : open,
  )

  if (f.tiers !== undefined && f.tiers.length > 0) {
    for (const tier of checkStrings('tiers', f.tiers)) {
      if (!TierSchema.safeParse(tier).success) {
        throw new InvalidArgumentError('filter.tiers', 'filter.tiers has an unknown tier')
      }
    }
    conditions.push(`m.tier = ANY(${params.add(f.tiers, 'text[]')})`)
  }
  if (f.levels !== undefined && f.levels.length > 0) {
    for (const level of checkStrings('levels', f.levels)) {
      if (!LevelSchema.safeParse(level).success) {
        throw new InvalidArgumentError('filter.levels', 'filter.levels has an unknown level')
      }
    }
    conditions.push(`m.level = ANY(${params.add(f.levels, 'text[]')})`)
  }
  if (f.tags !== undefined && f.tags.length > 0) {
    conditions.push(`m.tags @> ${params.add(checkStrings('tags', f.tags), 'text[]')}`)
  }
  if (f.metadata !== undefined) {
    if (typeof f.metadata !== 'object' || f.metadata === null || Array.isArray(f.metadata)) {
      throw new InvalidArgumentError('filter.metadata', 'filter.metadata must be an object')
    }
    const entries = Object.entries(f.metadata)
    for (const [key, value] of entries) {
      if (!METADATA_KEY_PATTERN.test(key)) {
        throw new InvalidArgumentError('filter.metadata', 'filter.metadata has a key that is not allowed')
      }
      const ok =
        value === null ||
        typeof value === 'string' ||
        typeof value === 'boolean' ||
        (typeof value === 'number' && Number.isFinite(value))
      if (!ok) {
        throw new InvalidArgumentError(
          'filter.metadata',
          'filter.metadata values must be strings, finite numbers, booleans or null',
        )
      }
    }
    if (entries.length > 0) {
      conditions.push(`m.metadata @> ${params.add(JSON.stringify(f.metadata), 'jsonb')}`)
    }
  }
  if (f.createdAfter !== undefined) {
    conditions.push(`m.created_at > ${params.add(checkDate('createdAfter', f.createdAfter), 'timestamptz')}`)
  }
  if (f.accessedAfter !== undefined) {
    conditions.push(
      `${ACCESS_SQL.lastAccessedAt('m', nsParam)} > ${params.add(checkDate('accessedAfter', f.accessedAfter), 'timestamptz')}`,
    )
  }
  return conditions
}

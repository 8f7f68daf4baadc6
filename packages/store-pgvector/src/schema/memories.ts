import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  vector,
} from 'drizzle-orm/pg-core'
import { DEFAULT_DIMENSIONS } from './DEFAULT_DIMENSIONS.js'
import { tsvector } from './tsvector.js'

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * One row per memory. Every key and index leads with `namespace` so per-tenant queries stay
 * index-local (and the table can later be distributed by namespace).
 */
export const memories = pgTable(
  'memories',
  {
    namespace: text('namespace').notNull(),
    id: text('id').notNull(),
    tier: text('tier').notNull(),
    level: text('level'),
    content: text('content').notNull(),
    summary: text('summary'),
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    importance: doublePrecision('importance').notNull().default(0.5),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    lastAccessedAt: instant('last_accessed_at').notNull(),
    accessCount: integer('access_count').notNull().default(0),
    expiresAt: instant('expires_at'),
    supersededBy: text('superseded_by'),
    validFrom: instant('valid_from'),
    validTo: instant('valid_to'),
    /** True when `supersede` stamped `valid_to` (so `restore` knows to clear it). */
    validToStamped: boolean('valid_to_stamped').notNull().default(false),
    confidence: doublePrecision('confidence'),
    /** Last observation after the write (null: not since `created_at`); confidence decays from it. */
    observedAt: instant('observed_at'),
    assessedImportance: doublePrecision('assessed_importance'),
    linkedMemoryIds: text('linked_memory_ids').array().notNull().default(sql`'{}'::text[]`),
    embedState: text('embed_state').notNull(),
    fingerprint: text('fingerprint').notNull(),
    embedding: vector('embedding', { dimensions: DEFAULT_DIMENSIONS }),
    search: tsvector('search').notNull(),
    repairAttempts: integer('repair_attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    leasedUntil: instant('leased_until'),
    lastError: text('last_error'),
  },
  (t) => [
    primaryKey({ name: 'memories_pkey', columns: [t.namespace, t.id] }),
    index('memories_namespace_created_idx').on(t.namespace, t.createdAt),
    index('memories_namespace_fingerprint_idx').on(t.namespace, t.fingerprint),
    index('memories_namespace_superseded_by_idx').on(t.namespace, t.supersededBy),
    // Ids never cross namespaces: upsert looks an id up across all of them before writing.
    index('memories_id_idx').on(t.id),
    index('memories_search_idx').using('gin', t.search),
    index('memories_pending_idx').on(t.nextAttemptAt).where(sql`${t.embedState} = 'pending'`),
    // A profile's candidates (`profileCandidates`): the live durable facts by importance and by
    // last access, and the pinned memories, each walked from its end instead of sorting the namespace.
    index('memories_profile_importance_idx')
      .on(t.namespace, t.tier, t.importance, t.id)
      .where(sql`${t.supersededBy} IS NULL AND ${t.tier} IN ('procedural', 'semantic')`),
    index('memories_profile_accessed_idx')
      .on(t.namespace, t.lastAccessedAt, t.id)
      .where(sql`${t.supersededBy} IS NULL AND ${t.tier} IN ('procedural', 'semantic')`),
    index('memories_pinned_idx')
      .on(t.namespace, t.createdAt, t.id)
      .where(sql`${t.metadata} @> '{"pinned": true}'::jsonb`),
  ],
)

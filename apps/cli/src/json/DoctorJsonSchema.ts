import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { StoreJsonSchema } from './StoreJsonSchema.js'

/** `agent-memory doctor --json`: every check in order; `healthy` is false when any failed. */
export const DoctorJsonSchema = jsonDocument('doctor', {
  store: StoreJsonSchema,
  healthy: z.boolean(),
  checks: z.array(
    z
      .object({
        /** Stable names: node, data-dir, lock, store-server, pglite, database, pgvector, citus, citus-layout, citus-settings, migrations, shared-buffers, autovacuum, embedder, embedder-reachable, recorded-embedder. */
        name: z.string(),
        status: z.enum(['ok', 'fail', 'skip']),
        detail: z.string(),
        /** What to do; present on failures. */
        fix: z.string().optional(),
      })
      .strict(),
  ),
})
/** The type of `DoctorJsonSchema`. */
export type DoctorJson = z.infer<typeof DoctorJsonSchema>

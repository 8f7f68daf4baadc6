import { z } from 'zod'

const instant = z.iso.datetime({ offset: true })

/** Why a memory waits for its vector (`repair --json` `issues`, `get --json` `repair`): the repair queue's record. */
export const RepairIssueJsonSchema = z
  .object({
    namespace: z.string().min(1),
    id: z.string().min(1),
    /** `pending`: repair retries it from `nextAttemptAt`; `failed`: parked after too many attempts. */
    embedState: z.enum(['pending', 'failed']),
    attempts: z.number().int().nonnegative(),
    /** The last embed error, redacted (never a key or a stack); null before the first failure. */
    lastError: z.string().nullable(),
    /** Null: the next `repair` tries it. */
    nextAttemptAt: instant.nullable(),
  })
  .strict()
/** The type of `RepairIssueJsonSchema`. */
export type RepairIssueJson = z.infer<typeof RepairIssueJsonSchema>

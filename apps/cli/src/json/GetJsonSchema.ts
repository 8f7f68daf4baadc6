import { z } from 'zod'
import { jsonDocument } from './jsonDocument.js'
import { MemoryJsonSchema } from './MemoryJsonSchema.js'
import { RepairIssueJsonSchema } from './RepairIssueJsonSchema.js'

/** `agent-memory get <id> --json` (a missing id is an error document, `reason: "not_found"`). */
export const GetJsonSchema = jsonDocument('get', {
  namespace: z.string(),
  memory: MemoryJsonSchema,
  /** Set while the memory has no vector: the repair queue's last error and next attempt. */
  repair: RepairIssueJsonSchema.optional(),
  /**
   * The memory's links, resolved as `search --linked` resolves them: `superseded` leads to the
   * current version (`currentId`), `gone` (forgotten, swept or expired) to nothing.
   */
  links: z.array(
    z
      .object({
        id: z.string(),
        state: z.enum(['live', 'superseded', 'gone']),
        currentId: z.string().nullable(),
        content: z.string().nullable(),
      })
      .strict(),
  ),
})
/** The type of `GetJsonSchema`. */
export type GetJson = z.infer<typeof GetJsonSchema>

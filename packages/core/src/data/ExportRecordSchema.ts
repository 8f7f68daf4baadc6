import { z } from 'zod'
import { ExportHeaderSchema } from './ExportHeaderSchema.js'
import { ExportMemorySchema } from './ExportMemorySchema.js'

/**
 * One record of an export (one JSON line in the CLI's files): a header first, then one record
 * per memory. Every record names its format version.
 */
export const ExportRecordSchema = z.discriminatedUnion('type', [ExportHeaderSchema, ExportMemorySchema])
/** The type of `ExportRecordSchema`: a header or a memory record. */
export type ExportRecord = z.infer<typeof ExportRecordSchema>

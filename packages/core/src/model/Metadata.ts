import { z } from 'zod'

/** Arbitrary JSON object stored with a memory. */
export const MetadataSchema = z.record(z.string(), z.unknown())
/** Free-form JSON a caller attaches to a memory (`MetadataSchema`). */
export type Metadata = z.infer<typeof MetadataSchema>

/** Metadata keys usable in filters: bounded, no quoting tricks. Values are always bound as parameters. */
export const METADATA_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/

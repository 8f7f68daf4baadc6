import { z } from 'zod'

/** Whether a memory was stated outright (`explicit`) or inferred (`deduced`). */
export const LevelSchema = z.enum(['explicit', 'deduced'])
/** Whether a memory was stated (`explicit`) or inferred (`deduced`). */
export type Level = z.infer<typeof LevelSchema>

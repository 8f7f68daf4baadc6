import { z } from 'zod'

/** A memory id as the service accepts it from callers. */
export const IdSchema = z
  .string()
  .min(1, 'id must not be empty')
  .max(128, 'id must be at most 128 characters')

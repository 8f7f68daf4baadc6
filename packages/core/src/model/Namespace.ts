import { z } from 'zod'

/**
 * A namespace: 1..256 characters, no control characters. Compared by exact equality
 * everywhere (never LIKE), so `%`, `_` and look-alikes are ordinary characters.
 */
export const NamespaceSchema = z
  .string()
  .min(1, 'namespace must not be empty')
  .max(256, 'namespace must be at most 256 characters')
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'namespace must not contain control characters')

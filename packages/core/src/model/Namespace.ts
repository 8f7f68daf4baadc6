import { z } from 'zod'

/**
 * Bidirectional formatting characters (LRM, RLM, ALM, the embeddings U+202A–U+202E and the
 * isolates U+2066–U+2069): invisible, yet they reorder what a reader sees, so `alice\u202Eevil`
 * could display as another user's namespace.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u

/**
 * A namespace: 1..256 characters, not only whitespace, no control characters (C0, DEL, C1) and
 * no bidirectional controls. Compared by exact equality everywhere (never LIKE), so `%`, `_` and
 * look-alikes are ordinary characters.
 */
export const NamespaceSchema = z
  .string()
  .min(1, 'namespace must not be empty')
  .max(256, 'namespace must be at most 256 characters')
  .regex(/^[^\u0000-\u001f\u007f-\u009f]+$/, 'namespace must not contain control characters')
  .refine((value) => value.trim() !== '', 'namespace must not be only whitespace')
  .refine(
    (value) => !BIDI_CONTROLS.test(value),
    'namespace must not contain bidirectional control characters (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069)',
  )

import { z } from 'zod'

/**
 * A string argument from a model: well-formed Unicode (no lone surrogates) and not blank, with an
 * optional length bound. Refinements rather than `.min(1)` keep the derived JSON Schema of
 * `memory_search` identical to the spec's, which has no `minLength`; the checks still run.
 * Messages omit the field: the validator puts its name in front.
 */
export function modelString(maxLength?: number) {
  const base = maxLength === undefined ? z.string() : z.string().max(maxLength)
  return base
    .refine((value) => value.isWellFormed(), { error: 'must be well-formed text' })
    .refine((value) => value.trim().length > 0, { error: 'must not be empty' })
}

import { z } from 'zod'
import { CLI_JSON_VERSION } from './CLI_JSON_VERSION.js'

/**
 * What any command prints on stdout under `--json` when it fails (the exit code is non-zero and the
 * one-line message is on stderr too). `reason`: core's error reasons (`invalid_argument`,
 * `validation`, `embedding`, `dimension_mismatch`, `store`, `locked`) or the CLI's own (`usage`,
 * `not_found`, `failed`, `interrupted`, `unexpected`).
 */
export const ErrorJsonSchema = z
  .object({
    version: z.literal(CLI_JSON_VERSION),
    command: z.string().optional(),
    error: z
      .object({
        reason: z.string().min(1),
        message: z.string(),
        /** Whether running the same command again later may succeed. */
        retryable: z.boolean(),
      })
      .strict(),
  })
  .strict()
/** The type of `ErrorJsonSchema`. */
export type ErrorJson = z.infer<typeof ErrorJsonSchema>

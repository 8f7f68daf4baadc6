import { z } from 'zod'
import { CLI_JSON_VERSION } from './CLI_JSON_VERSION.js'

/** The envelope every `--json` document shares: the contract version and the command that wrote it. */
export function jsonDocument<const C extends string, S extends z.ZodRawShape>(command: C, shape: S) {
  return z.object({ version: z.literal(CLI_JSON_VERSION), command: z.literal(command), ...shape }).strict()
}

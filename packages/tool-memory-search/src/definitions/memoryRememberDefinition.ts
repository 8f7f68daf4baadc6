import { MAX_TAG_LENGTH, TierSchema, toolParametersJsonSchema } from '@agent-memory/core'
import { z } from 'zod'
import type { MemoryToolDefinition } from './MemoryToolDefinition.js'
import { modelString } from './modelString.js'

/** One memory written by a model stays a card, not a document: long text belongs to `ingest`. */
export const MEMORY_REMEMBER_MAX_CONTENT = 4000
/** Enough labels for a model; the store allows more for applications. */
export const MEMORY_REMEMBER_MAX_TAGS = 16

const MemoryRememberArgsSchema = z
  .object({
    content: modelString(MEMORY_REMEMBER_MAX_CONTENT).describe(
      'One settled fact or preference about the user as a short self-contained sentence, ' +
        'for example The user is vegetarian',
    ),
    tier: TierSchema.optional().describe(
      'semantic for facts (the default), procedural for preferences and how the user wants things done, ' +
        'episodic for dated events, working for short-lived notes',
    ),
    tags: z
      .array(modelString(MAX_TAG_LENGTH))
      .max(MEMORY_REMEMBER_MAX_TAGS)
      .optional()
      .describe('Optional short labels, for example ["diet"]'),
  })
  .strict()

/** The arguments a model sends `memory_remember`, as validated. */
export type MemoryRememberArgs = z.output<typeof MemoryRememberArgsSchema>

/** `memory_remember`: for hosts that let the agent write. No namespace: it comes from the session. */
export const memoryRememberDefinition = {
  name: 'memory_remember',
  description:
    'Save one settled fact or preference about this user to long-term memory so that later sessions can recall it. ' +
    'Save only what the user stated or confirmed and what will stay true; never save passwords, keys or other secrets, ' +
    'and do not save what matters only in this session.',
  argsSchema: MemoryRememberArgsSchema,
  parameters: toolParametersJsonSchema(MemoryRememberArgsSchema),
} as const satisfies MemoryToolDefinition<typeof MemoryRememberArgsSchema>

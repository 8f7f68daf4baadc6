import { generateText, jsonSchema, Output } from 'ai'
import { z } from 'zod'
import type { ModelBudget } from './ModelBudget.js'

/**
 * One structured-output call. The model is given the strict JSON schema of `schema` (so providers
 * with structured outputs constrain it), but the reply is only required to be a JSON object here:
 * the caller validates each item on its own, so one malformed item is dropped and reported instead
 * of failing the whole answer. A reply that is not JSON at all throws (the AI SDK's
 * `NoObjectGeneratedError`).
 */
export async function generateStructured(
  budget: ModelBudget,
  request: { name: string; system: string; prompt: string; schema: z.ZodType },
): Promise<{ value: Record<string, unknown>; inputTokens: number; outputTokens: number }> {
  const schema = jsonSchema<Record<string, unknown>>(
    z.toJSONSchema(request.schema, { target: 'draft-7', io: 'input' }) as Parameters<typeof jsonSchema>[0],
    {
      validate: (value) =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? { success: true, value: value as Record<string, unknown> }
          : { success: false, error: new Error('expected a JSON object') },
    },
  )
  const result = await generateText({
    model: budget.model,
    system: request.system,
    prompt: request.prompt,
    output: Output.object({ schema, name: request.name }),
    maxOutputTokens: budget.maxOutputTokens,
    maxRetries: budget.maxRetries,
    abortSignal: budget.signal,
    temperature: 0,
  })
  return {
    value: result.output,
    inputTokens: result.usage.inputTokens ?? 0,
    outputTokens: result.usage.outputTokens ?? 0,
  }
}

import { ValidationError } from '../../errors/ValidationError.js'
import { MemoryInputSchema } from '../../model/MemoryInput.js'
import { NamespaceSchema } from '../../model/Namespace.js'
import { fingerprint } from '../../text/fingerprint.js'
import { normalizeText } from '../../text/normalizeText.js'
import { chunkTextsOf } from '../context/chunkTextsOf.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { describeIssues } from '../describeIssues.js'
import { redactDeep } from '../redactDeep.js'
import type { PreparedWrite } from './PreparedWrite.js'

/**
 * Validates the namespace and every input (all problems in one `ValidationError`, prefixed
 * `[i].` when `indexed`), then normalises, redacts credentials (content, summary, tags,
 * metadata strings), fingerprints and chunks each write.
 */
export function prepareWrites(
  context: ServiceContext,
  namespace: unknown,
  inputs: unknown[],
  indexed: boolean,
): { namespace: string; writes: PreparedWrite[] } {
  const issues: string[] = []
  const ns = NamespaceSchema.safeParse(namespace)
  if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
  const writes: PreparedWrite[] = []
  inputs.forEach((raw, index) => {
    const prefix = indexed ? `[${index}].` : ''
    const parsed = MemoryInputSchema.safeParse(raw)
    if (!parsed.success) {
      issues.push(...describeIssues(parsed.error.issues, indexed ? `[${index}]` : ''))
      return
    }
    const input = parsed.data
    const content = redactDeep(normalizeText(input.content))
    if (content.value.trim() === '') {
      issues.push(`${prefix}content: must not be empty or only whitespace`)
      return
    }
    const rest = redactDeep({
      summary: input.summary == null ? input.summary : normalizeText(input.summary),
      metadata: input.metadata,
      tags: input.tags?.map(normalizeText),
    })
    writes.push({
      input: {
        ...input,
        summary: rest.value.summary,
        metadata: rest.value.metadata,
        tags: rest.value.tags,
      },
      content: content.value,
      fingerprint: fingerprint(content.value),
      redacted: content.redacted || rest.redacted,
      chunkTexts: chunkTextsOf(context, content.value),
    })
  })
  if (issues.length > 0) throw new ValidationError(issues)
  return { namespace: ns.data!, writes }
}

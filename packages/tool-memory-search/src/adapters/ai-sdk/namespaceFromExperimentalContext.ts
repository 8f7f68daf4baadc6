/**
 * Reads `experimental_context.namespace`: pass it as `namespaceFromContext` and call
 * `generateText({ experimental_context: { namespace: session.userId } })`.
 */
export function namespaceFromExperimentalContext(context: unknown): string | undefined {
  if (typeof context !== 'object' || context === null) return undefined
  const namespace = (context as { namespace?: unknown }).namespace
  return typeof namespace === 'string' ? namespace : undefined
}

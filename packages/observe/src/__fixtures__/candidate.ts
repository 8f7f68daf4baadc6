/** A well-formed extraction item, as a model would send it. */
export function candidate(content: string, source: number, extra: Record<string, unknown> = {}) {
  return {
    content,
    tier: 'semantic',
    importance: 0.7,
    validFrom: null,
    validTo: null,
    tags: [],
    source,
    ...extra,
  }
}

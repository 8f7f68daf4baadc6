/**
 * The fixed sentences a model reads in place of recalled memories: the spec's `memory_search` empty
 * and failure sentences word for word, and the keyword-only notice. Shared by the tool and by
 * anything else that puts recall into a prompt, so a model hears the same words either way.
 */
export const MEMORY_SEARCH_SENTENCES = {
  searchEmpty: 'No relevant long-term memory found. Do not speculate about the user preferences.',
  searchUnavailable:
    'Long-term memory is temporarily unavailable. Do not speculate about the user preferences.',
  /** First line of a result that only the keyword leg produced (the embedder was down). */
  keywordOnlyNotice: '(Keyword-only results: semantic search is temporarily unavailable.)',
} as const

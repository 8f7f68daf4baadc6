/**
 * Documents an in-process keyword index holds (`KeywordIndex`, `SharedKeywordIndex`) before the
 * least recently searched namespaces are dropped (reloaded on demand): about 100 MB of postings
 * on W12's text.
 */
export const MAX_KEYWORD_DOCUMENTS = 250_000

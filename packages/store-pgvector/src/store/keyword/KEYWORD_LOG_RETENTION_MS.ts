/**
 * How long the keyword change log (migration 0011) keeps an entry (`trimKeywordChangeLog`). A
 * process's shared keyword index that has not caught up for half of it loads the namespace again
 * (`SharedKeywordIndex`), so no entry it still needs is trimmed — as long as no writing
 * transaction runs longer than that half (an entry carries its statement's start).
 */
export const KEYWORD_LOG_RETENTION_MS = 20 * 60_000

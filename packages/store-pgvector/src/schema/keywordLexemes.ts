import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * BM25 document frequencies, maintained on write by the `memories` triggers (migration 0003):
 * each row is one statement's signed contribution to how many of a namespace's documents hold a
 * lexeme, and a lexeme's document frequency is the sum of its rows. Append-only with no unique
 * key, so concurrent writers never wait on each other's hot lexemes; `foldKeywordStatistics`
 * folds a namespace's rows into one per lexeme.
 */
export const keywordLexemes = pgTable(
  'agent_memory_keyword_lexemes',
  {
    namespace: text('namespace').notNull(),
    lexeme: text('lexeme').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [index('agent_memory_keyword_lexemes_idx').on(t.namespace, t.lexeme)],
)

import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core'

/**
 * BM25 corpus statistics, maintained on write like `keywordLexemes`: each row is one statement's
 * signed contribution to a namespace's document count and total document length (distinct
 * lexemes, `length(search)`); the statistics are the sums of the namespace's rows.
 */
export const keywordCorpus = pgTable(
  'agent_memory_keyword_corpus',
  {
    namespace: text('namespace').notNull(),
    documents: bigint('documents', { mode: 'number' }).notNull(),
    lexemes: bigint('lexemes', { mode: 'number' }).notNull(),
  },
  (t) => [index('agent_memory_keyword_corpus_idx').on(t.namespace)],
)

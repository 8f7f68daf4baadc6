/** The tables a search reads and every write touches; a split table's partitions count as its own. */
export const STORE_TABLES = [
  'memories',
  'memory_chunks',
  'agent_memory_keyword_lexemes',
  'agent_memory_keyword_corpus',
]

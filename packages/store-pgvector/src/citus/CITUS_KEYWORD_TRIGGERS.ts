/**
 * The keyword-statistics statement triggers of migration 0003 as they run on Citus shards. The
 * trigger fires on the worker holding the shard, where `agent_memory_keyword_*` are distributed
 * tables: Citus plans an `INSERT … SELECT` into one of them as a distributed statement, and that
 * planner cannot read the trigger's transition table ("could not find named tuplestore"). So the
 * aggregated deltas are read from the transition table first, into arrays (a plain local query),
 * then inserted from the arrays: the same rows, one aggregated delta per (namespace, lexeme) per
 * statement, routed to the co-located shard. The row-level update trigger needs no change.
 */
const statsFunction = (name: string, transition: string, sign: '' | '-') => `
CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
DECLARE
  lexeme_namespaces text[]; lexemes text[]; lexeme_documents bigint[];
  corpus_namespaces text[]; corpus_documents bigint[]; corpus_lexemes bigint[];
BEGIN
  SELECT array_agg(s.namespace), array_agg(s.lexeme), array_agg(s.documents)
    INTO lexeme_namespaces, lexemes, lexeme_documents
    FROM (SELECT t.namespace, l.lexeme, ${sign}count(*) AS documents FROM ${transition} t
      CROSS JOIN LATERAL unnest(tsvector_to_array(t.search)) AS l(lexeme) GROUP BY 1, 2) s;
  SELECT array_agg(s.namespace), array_agg(s.documents), array_agg(s.lexemes)
    INTO corpus_namespaces, corpus_documents, corpus_lexemes
    FROM (SELECT namespace, ${sign}count(*) AS documents, ${sign}sum(length(search)) AS lexemes
      FROM ${transition} GROUP BY namespace) s;
  INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
    SELECT * FROM unnest(lexeme_namespaces, lexemes, lexeme_documents);
  INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
    SELECT * FROM unnest(corpus_namespaces, corpus_documents, corpus_lexemes);
  RETURN NULL;
END $$`

export const CITUS_KEYWORD_TRIGGERS = [
  statsFunction('agent_memory_keyword_stats_inserted', 'agent_memory_inserted', ''),
  statsFunction('agent_memory_keyword_stats_deleted', 'agent_memory_deleted', '-'),
] as const

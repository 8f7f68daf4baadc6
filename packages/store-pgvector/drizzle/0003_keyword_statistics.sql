-- BM25 statistics maintained on write (issue #11): document frequency per (namespace, lexeme), and per
-- namespace the document count and total length (distinct lexemes: `length(search)`, what the keyword
-- leg normalizes by). Rows are signed deltas with no unique key, summed by readers: concurrent writers
-- in one namespace only append, never wait on each other's hot lexemes (an upsert of one counter row
-- per lexeme would serialize them, and deadlock writers that reach shared lexemes in different orders).
-- IF NOT EXISTS / OR REPLACE hand-added: the 0001 test re-applies every migration after the first.
CREATE TABLE IF NOT EXISTS "agent_memory_keyword_corpus" (
	"namespace" text NOT NULL,
	"documents" bigint NOT NULL,
	"lexemes" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "agent_memory_keyword_lexemes" (
	"namespace" text NOT NULL,
	"lexeme" text NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_memory_keyword_corpus_idx" ON "agent_memory_keyword_corpus" USING btree ("namespace");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "agent_memory_keyword_lexemes_idx" ON "agent_memory_keyword_lexemes" USING btree ("namespace","lexeme");--> statement-breakpoint
-- Hand-written from here. Inserts and deletes: one aggregated delta per (namespace, lexeme) per
-- statement, from the statement's transition table (a batch of 1,000 rows appends one row per distinct
-- lexeme, not per row and lexeme). `SET search_path FROM CURRENT`: the tables resolve in the schema
-- the migration ran in, whoever writes (a `schema` store, or SQL naming `schema.memories`).
CREATE OR REPLACE FUNCTION agent_memory_keyword_stats_inserted() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
    SELECT n.namespace, l.lexeme, count(*) FROM agent_memory_inserted n
      CROSS JOIN LATERAL unnest(tsvector_to_array(n.search)) AS l(lexeme) GROUP BY 1, 2;
  INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
    SELECT namespace, count(*), sum(length(search)) FROM agent_memory_inserted GROUP BY namespace;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_memory_keyword_stats_deleted() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
    SELECT o.namespace, l.lexeme, -count(*) FROM agent_memory_deleted o
      CROSS JOIN LATERAL unnest(tsvector_to_array(o.search)) AS l(lexeme) GROUP BY 1, 2;
  INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
    SELECT namespace, -count(*), -sum(length(search)) FROM agent_memory_deleted GROUP BY namespace;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Updates row by row, and only those that change the tsvector or the namespace (the trigger's WHEN):
-- reinforcement, supersede and repair update many rows and never the text, and a statement trigger
-- would copy every updated row (vector included) into its transition tables to find that out.
-- Only the lexemes that differ are written.
CREATE OR REPLACE FUNCTION agent_memory_keyword_stats_updated() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  IF OLD.namespace = NEW.namespace THEN
    INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
      SELECT NEW.namespace, a.lexeme, 1 FROM (SELECT unnest(tsvector_to_array(NEW.search))
        EXCEPT SELECT unnest(tsvector_to_array(OLD.search))) AS a(lexeme)
      UNION ALL
      SELECT NEW.namespace, r.lexeme, -1 FROM (SELECT unnest(tsvector_to_array(OLD.search))
        EXCEPT SELECT unnest(tsvector_to_array(NEW.search))) AS r(lexeme);
    IF length(NEW.search) <> length(OLD.search) THEN
      INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
        VALUES (NEW.namespace, 0, length(NEW.search) - length(OLD.search));
    END IF;
  ELSE
    INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
      SELECT NEW.namespace, l, 1 FROM unnest(tsvector_to_array(NEW.search)) AS l
      UNION ALL
      SELECT OLD.namespace, l, -1 FROM unnest(tsvector_to_array(OLD.search)) AS l;
    INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
      VALUES (OLD.namespace, -1, -length(OLD.search)), (NEW.namespace, 1, length(NEW.search));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_memory_keyword_stats_truncated() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  TRUNCATE agent_memory_keyword_lexemes, agent_memory_keyword_corpus;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_keyword_stats_insert AFTER INSERT ON memories
  REFERENCING NEW TABLE AS agent_memory_inserted
  FOR EACH STATEMENT EXECUTE FUNCTION agent_memory_keyword_stats_inserted();--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_keyword_stats_delete AFTER DELETE ON memories
  REFERENCING OLD TABLE AS agent_memory_deleted
  FOR EACH STATEMENT EXECUTE FUNCTION agent_memory_keyword_stats_deleted();--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_keyword_stats_update AFTER UPDATE ON memories FOR EACH ROW
  WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.namespace IS DISTINCT FROM NEW.namespace)
  EXECUTE FUNCTION agent_memory_keyword_stats_updated();--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_keyword_stats_truncate AFTER TRUNCATE ON memories
  FOR EACH STATEMENT EXECUTE FUNCTION agent_memory_keyword_stats_truncated();--> statement-breakpoint
-- Backfill, after the triggers exist and under their lock (CREATE TRIGGER holds writers off until
-- this migration commits): what every row already written contributes. Replaces what is there, so a
-- re-applied migration counts each row once.
TRUNCATE agent_memory_keyword_lexemes, agent_memory_keyword_corpus;--> statement-breakpoint
INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
  SELECT m.namespace, l.lexeme, count(*) FROM memories m
    CROSS JOIN LATERAL unnest(tsvector_to_array(m.search)) AS l(lexeme) GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
  SELECT namespace, count(*), sum(length(search)) FROM memories GROUP BY namespace;

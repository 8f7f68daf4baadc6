-- Hand-written (drizzle does not model triggers). The change log a process's in-process keyword
-- index follows on PostgreSQL (`SharedKeywordIndex`): every insert and delete of a memory, and every
-- update that changes its tsvector or its key, appends the row's key with the writing transaction's
-- id and the time. Many processes write one database, so an entry's order is not its commit order:
-- a reader keeps the oldest transaction its last catch-up could not see yet
-- (`pg_snapshot_xmin(pg_current_snapshot())`) and next time reads the namespace's entries from
-- there on, some of them again (harmless: it reloads those rows by id). Entries older than the
-- retention are trimmed (`trimKeywordChangeLog`); a reader that has not caught up for half of it
-- reloads the namespace. The update trigger is row by row with a WHEN, as 0003's: reinforcement,
-- supersede and repair update many rows and never the text. `migrate` drops the triggers on PGlite
-- (one process owns the database) and on Citus (a worker's transaction ids are not the
-- coordinator's): `dropKeywordChangeLogTriggers`.
-- IF NOT EXISTS / OR REPLACE: the 0001 test re-applies every migration after the first.
CREATE TABLE IF NOT EXISTS agent_memory_keyword_log (
  namespace text NOT NULL,
  id text NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  at timestamptz NOT NULL DEFAULT statement_timestamp()
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS agent_memory_keyword_log_namespace_xid ON agent_memory_keyword_log (namespace, xid);--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_memory_keyword_log_inserted() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO agent_memory_keyword_log (namespace, id) SELECT namespace, id FROM agent_memory_logged_inserted;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_memory_keyword_log_deleted() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO agent_memory_keyword_log (namespace, id) SELECT namespace, id FROM agent_memory_logged_deleted;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_memory_keyword_log_updated() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO agent_memory_keyword_log (namespace, id) VALUES (OLD.namespace, OLD.id);
  IF OLD.namespace <> NEW.namespace OR OLD.id <> NEW.id THEN
    INSERT INTO agent_memory_keyword_log (namespace, id) VALUES (NEW.namespace, NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A truncated table: an entry of no namespace, which every reader reads and reloads on.
CREATE OR REPLACE FUNCTION agent_memory_keyword_log_truncated() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO agent_memory_keyword_log (namespace, id) VALUES ('', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_keyword_log_insert AFTER INSERT ON memories
  REFERENCING NEW TABLE AS agent_memory_logged_inserted
  FOR EACH STATEMENT EXECUTE FUNCTION agent_memory_keyword_log_inserted();--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_keyword_log_delete AFTER DELETE ON memories
  REFERENCING OLD TABLE AS agent_memory_logged_deleted
  FOR EACH STATEMENT EXECUTE FUNCTION agent_memory_keyword_log_deleted();--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_keyword_log_update AFTER UPDATE ON memories FOR EACH ROW
  WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.namespace <> NEW.namespace OR OLD.id <> NEW.id)
  EXECUTE FUNCTION agent_memory_keyword_log_updated();--> statement-breakpoint
CREATE OR REPLACE TRIGGER memories_keyword_log_truncate AFTER TRUNCATE ON memories
  FOR EACH STATEMENT EXECUTE FUNCTION agent_memory_keyword_log_truncated();

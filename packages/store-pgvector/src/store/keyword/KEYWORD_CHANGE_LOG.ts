/**
 * The row change log the embedded store's in-process indexes follow (`RowChangeFollower`, for
 * `KeywordIndex` and `VectorIndex`): every insert and delete of a memory, and every update that
 * changes its `tsvector`, its embedding or its key, appends the row's key — whoever wrote it: this
 * process's store, a client of the store socket, or SQL run directly on the database. Updates
 * that leave both alone (reinforce, supersede, restore) log nothing; the indexes never answer
 * filters, so they cannot make them stale. (The table keeps its first name, from when only the
 * keyword index read it.)
 *
 * Embedded stores only (installed at open, not by a migration): on a shared PostgreSQL no one
 * would ever read or trim it.
 */
export const KEYWORD_CHANGE_LOG = [
  `CREATE TABLE IF NOT EXISTS agent_memory_keyword_changes (
     seq bigserial PRIMARY KEY, namespace text NOT NULL, id text NOT NULL)`,
  `CREATE OR REPLACE FUNCTION agent_memory_keyword_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'TRUNCATE' THEN
       INSERT INTO agent_memory_keyword_changes (namespace, id) VALUES ('', '');
       RETURN NULL;
     END IF;
     IF TG_OP <> 'INSERT' THEN
       INSERT INTO agent_memory_keyword_changes (namespace, id) VALUES (OLD.namespace, OLD.id);
     END IF;
     IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.namespace <> NEW.namespace OR OLD.id <> NEW.id) THEN
       INSERT INTO agent_memory_keyword_changes (namespace, id) VALUES (NEW.namespace, NEW.id);
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE TRIGGER memories_keyword_insert_delete AFTER INSERT OR DELETE ON memories
     FOR EACH ROW EXECUTE FUNCTION agent_memory_keyword_changed()`,
  `CREATE OR REPLACE TRIGGER memories_keyword_update AFTER UPDATE ON memories FOR EACH ROW
     WHEN (OLD.search IS DISTINCT FROM NEW.search OR OLD.embedding IS DISTINCT FROM NEW.embedding
       OR OLD.namespace <> NEW.namespace OR OLD.id <> NEW.id)
     EXECUTE FUNCTION agent_memory_keyword_changed()`,
  `CREATE OR REPLACE TRIGGER memories_keyword_truncate AFTER TRUNCATE ON memories
     FOR EACH STATEMENT EXECUTE FUNCTION agent_memory_keyword_changed()`,
]

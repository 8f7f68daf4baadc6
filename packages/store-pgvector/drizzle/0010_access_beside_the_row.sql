-- Recall's reinforcement beside the memory's row (`agent_memory_access`): an access updates this
-- narrow row in place instead of writing a new version of the memory (its vector, its text and an
-- entry in every index of `memories`, HNSW included). No index holds the two columns an access
-- changes, and the pages keep half their room free, so the update stays on its page (heap-only)
-- and writes a few hundred bytes of WAL. The memory's own `last_accessed_at` and `access_count`
-- stay as written (the access row adds to the count and replaces the time), so nothing moves.
-- IF NOT EXISTS hand-added: the 0001 test re-applies every migration after the first.
CREATE TABLE IF NOT EXISTS "agent_memory_access" (
	"namespace" text NOT NULL,
	"memory_id" text NOT NULL,
	"last_accessed_at" timestamp with time zone NOT NULL,
	"access_count" integer NOT NULL,
	CONSTRAINT "agent_memory_access_pkey" PRIMARY KEY("namespace","memory_id")
) WITH (fillfactor = 50);

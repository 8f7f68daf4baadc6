-- IF NOT EXISTS hand-added: the 0001 test re-applies every migration after the first.
ALTER TABLE "agent_memory_vector_indexes" ADD COLUMN IF NOT EXISTS "ef_search" integer;
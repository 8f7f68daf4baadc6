-- Hand-written (drizzle does not model column storage). 0005 kept `search` in the row; the same
-- toaster rule moved every other text, json and array value of more than ~24 bytes out of line:
-- beside the PLAIN vector a row never gets under the 2 kB TOAST target, so the toaster pushed out
-- whatever it could, a memory's id, content and fingerprint included (and a chunk's memory id and
-- text). Every read of one of them went through pg_toast's index and heap (3 buffer hits a value):
-- the vector leg's join hashed the id of every row of the namespace, 1,000 rows cost 3,000 hits,
-- and each row returned paid three more look-ups. MAIN keeps them in the row, compressed if need
-- be, out of line only when the row would not fit a page. At 512 dimensions W12's rows take 472
-- heap pages for 1,000 memories instead of 334 (plus 46 of pg_toast); the vector leg's statement
-- at one user × 1,000 reads 1,315 buffers instead of 6,037. `last_error` stays EXTENDED: no search reads it.
-- Rows written before keep their out-of-line copies until rewritten (VACUUM FULL moves them in).
-- Citus refuses SET STORAGE on a distributed table: a store distributed before this migration keeps
-- its layout (a store distributed after it gets its shards from these tables, storage included).
-- Idempotent: the 0001 test re-applies every migration after the first.
DO $$
BEGIN
  -- Nested, so that pg_dist_partition is only named where Citus is installed.
  IF to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition
               WHERE logicalrelid IN ('memories'::regclass, 'memory_chunks'::regclass)) THEN
      RETURN;
    END IF;
  END IF;
  ALTER TABLE memories
    ALTER COLUMN namespace SET STORAGE MAIN,
    ALTER COLUMN id SET STORAGE MAIN,
    ALTER COLUMN tier SET STORAGE MAIN,
    ALTER COLUMN level SET STORAGE MAIN,
    ALTER COLUMN content SET STORAGE MAIN,
    ALTER COLUMN summary SET STORAGE MAIN,
    ALTER COLUMN metadata SET STORAGE MAIN,
    ALTER COLUMN tags SET STORAGE MAIN,
    ALTER COLUMN superseded_by SET STORAGE MAIN,
    ALTER COLUMN linked_memory_ids SET STORAGE MAIN,
    ALTER COLUMN embed_state SET STORAGE MAIN,
    ALTER COLUMN fingerprint SET STORAGE MAIN;
  ALTER TABLE memory_chunks
    ALTER COLUMN namespace SET STORAGE MAIN,
    ALTER COLUMN memory_id SET STORAGE MAIN,
    ALTER COLUMN text SET STORAGE MAIN;
END
$$;

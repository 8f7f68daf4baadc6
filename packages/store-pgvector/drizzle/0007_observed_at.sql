-- When a fact was last observed after its write (re-observed by an exact duplicate, or its
-- confidence set by a caller); NULL means not since created_at. Confidence decays from it at read
-- time, so rows written before keep NULL and decay from created_at: no backfill, no rewrite.
-- IF NOT EXISTS hand-added: the 0001 test re-applies every migration after the first.
ALTER TABLE "memories" ADD COLUMN IF NOT EXISTS "observed_at" timestamp with time zone;

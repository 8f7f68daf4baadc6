-- A profile's candidates (`profileCandidates`) in one read that touches only the rows it returns:
-- the live durable facts of highest importance per tier and the most recently accessed ones walk
-- the first two from their end, the pinned memories the third. Without them each look-up sorted
-- every row of the namespace (10k memories on PGlite: a profile p50 of 41 ms, four sequential scans).
-- The tier list and the pinned test are literals: a partial index serves a query only when its
-- predicate is implied by the query's own literals. IF NOT EXISTS hand-added: the 0001 test
-- re-applies every migration after the first.
CREATE INDEX IF NOT EXISTS "memories_profile_importance_idx" ON "memories" USING btree ("namespace","tier","importance","id") WHERE "memories"."superseded_by" IS NULL AND "memories"."tier" IN ('procedural', 'semantic');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "memories_profile_accessed_idx" ON "memories" USING btree ("namespace","last_accessed_at","id") WHERE "memories"."superseded_by" IS NULL AND "memories"."tier" IN ('procedural', 'semantic');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "memories_pinned_idx" ON "memories" USING btree ("namespace","created_at","id") WHERE "memories"."metadata" @> '{"pinned": true}'::jsonb;

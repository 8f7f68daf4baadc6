-- Hand-written (drizzle does not model column storage). The keyword leg reads `search` of every row
-- it considers: the `@@` test of each row of the namespace and the BM25 score of each match. The
-- vector column is PLAIN (`migrate` sets it), so a row never gets under the 2 kB TOAST target and the
-- toaster moved every other varlena out of line, `search` included: each read went through pg_toast's
-- index and heap (3 buffer hits per row). MAIN keeps it in the row, compressed if need be, out of line
-- only when the row would not fit a page. LoCoMo keyword leg on PostgreSQL, paired runs on the same
-- turns: p50 7.1-7.6 -> 3.3-4.0 ms, with the same heap pages at 512 dimensions (920 for 2,760 turns).
-- Rows written before keep their out-of-line copy until rewritten (VACUUM FULL memories moves them in).
-- Idempotent: the 0001 test re-applies every migration after the first.
ALTER TABLE "memories" ALTER COLUMN "search" SET STORAGE MAIN;

-- Hand-written (data only; the schema is unchanged): the `search` column now holds Latin words
-- through `english` (stemmed, stop words dropped) and all other words through `simple`. Rows
-- written before held `simple` lexemes of the same JS-segmented words; re-analyse those lexemes
-- with the same split the store applies (see src/store/searchText.ts).
UPDATE "memories" AS m SET "search" =
  to_tsvector('english', coalesce((
    SELECT string_agg(l.lexeme, ' ') FROM unnest(m.search) AS l, generate_series(1, coalesce(array_length(l.positions, 1), 1))
    WHERE l.lexeme ~ '^[\u0001-\u024f\u0300-\u036f\u1e00-\u1eff\u2000-\u206f]+$'), ''))
  || to_tsvector('simple', coalesce((
    SELECT string_agg(l.lexeme, ' ') FROM unnest(m.search) AS l, generate_series(1, coalesce(array_length(l.positions, 1), 1))
    WHERE l.lexeme !~ '^[\u0001-\u024f\u0300-\u036f\u1e00-\u1eff\u2000-\u206f]+$'), ''));

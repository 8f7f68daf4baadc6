-- Hand-written (drizzle does not model functions). `upsert` asks, for each id it is about to write,
-- which namespace owns it (ids are unique across namespaces): the one per-write statement that reads
-- every namespace. Sent as SQL, it was planned on every write, and PostgreSQL plans a statement by
-- opening every index of the table it reads, each per-namespace partial index included (and on
-- tables split by namespace, every partition's): W11 measured the planning grow by ~0.3 ms per
-- hundred per-namespace indexes. PL/pgSQL keeps the statement's plan for the session, and the plan
-- does not depend on the ids (no namespace in it), so it is planned generic, once per connection.
-- Nothing is prepared on the protocol level, so this holds behind PgBouncer's transaction pooling.
-- Idempotent: the 0001 test re-applies every migration after the first.
CREATE OR REPLACE FUNCTION agent_memory_id_owners(ids text[])
  RETURNS TABLE (owner text, owned_id text, owned_fingerprint text)
  LANGUAGE plpgsql STABLE
  SET search_path FROM CURRENT
  SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  -- One index probe per id (LATERAL … LIMIT 1: an id has one owner), so a table without
  -- statistics yet never turns the check into a sequential scan.
  RETURN QUERY SELECT m.namespace, m.id, m.fingerprint FROM unnest(ids) AS wanted(id)
    CROSS JOIN LATERAL (SELECT o.namespace, o.id, o.fingerprint FROM memories o WHERE o.id = wanted.id LIMIT 1) m;
END $$;

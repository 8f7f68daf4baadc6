-- Hand-written, as 0006. The owner look-up's plan is made once per session and kept; made while
-- the statistics said the table (or, on tables split by namespace, a partition) was empty, it
-- scanned that table sequentially for every id of every later write, however large it grew: a
-- load of many small namespaces into a partitioned table slowed quadratically. The look-up is one
-- probe of the id index per id at any size, so the plan is told never to scan.
CREATE OR REPLACE FUNCTION agent_memory_id_owners(ids text[])
  RETURNS TABLE (owner text, owned_id text, owned_fingerprint text)
  LANGUAGE plpgsql STABLE
  SET search_path FROM CURRENT
  SET plan_cache_mode = force_generic_plan
  SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY SELECT m.namespace, m.id, m.fingerprint FROM unnest(ids) AS wanted(id)
    CROSS JOIN LATERAL (SELECT o.namespace, o.id, o.fingerprint FROM memories o WHERE o.id = wanted.id LIMIT 1) m;
END $$;

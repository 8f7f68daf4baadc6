-- Hand-written. An access row (`agent_memory_access`, 0010) is keyed by `access_key`, the first 16
-- bytes of sha256 over its namespace and memory id joined by a NUL byte, as a uuid (`accessKeyOf`
-- states the expression for every statement), instead of by (namespace, memory_id). A first
-- access, most of recall's WAL, inserts a heap row and an index entry: the entry of a 16-byte key
-- is 24 bytes where the two texts made 56 and more, and the leaf pages split half as often. Measured
-- with pg_walinspect, inserting six new access rows writes 1,118 bytes of WAL instead of 1,525.
-- On one server the key alone is the primary key; on a store distributed on Citus it is
-- (namespace, access_key), as a distributed table's unique key holds its distribution column
-- (`distributeOnCitus` keys a table distributed after this migration the same way). Existing
-- rows get their key computed; their counts and times are kept. ALTER TABLE, not a new table:
-- Citus runs each step on every shard, and grants on the table are kept.
-- Idempotent: the 0001 test re-applies every migration after the first.
DO $$
DECLARE
  distributed boolean := false;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_attribute
                 WHERE attrelid = 'agent_memory_access'::regclass AND attname = 'memory_id' AND NOT attisdropped) THEN
    RETURN;
  END IF;
  -- Nested, so that pg_dist_partition is only named where Citus is installed.
  IF to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL THEN
    distributed := EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition
                           WHERE logicalrelid = 'agent_memory_access'::regclass);
  END IF;
  IF distributed THEN
    -- One connection per worker: Citus runs DDL on a shard only over the connection that updated it.
    PERFORM set_config('citus.multi_shard_modify_mode', 'sequential', true);
  END IF;
  ALTER TABLE agent_memory_access ADD COLUMN IF NOT EXISTS access_key uuid;
  -- `accessKeyOf('namespace', 'memory_id')`, word for word.
  UPDATE agent_memory_access SET access_key = encode(substring(sha256(decode(replace(namespace, chr(92), chr(92) || chr(92)), 'escape') || decode('00', 'hex') || decode(replace(memory_id, chr(92), chr(92) || chr(92)), 'escape')) from 1 for 16), 'hex')::uuid;
  ALTER TABLE agent_memory_access ALTER COLUMN access_key SET NOT NULL;
  ALTER TABLE agent_memory_access DROP CONSTRAINT agent_memory_access_pkey;
  IF distributed THEN
    ALTER TABLE agent_memory_access ADD CONSTRAINT agent_memory_access_pkey PRIMARY KEY (namespace, access_key);
  ELSE
    ALTER TABLE agent_memory_access ADD CONSTRAINT agent_memory_access_pkey PRIMARY KEY (access_key);
  END IF;
  ALTER TABLE agent_memory_access DROP COLUMN memory_id;
END
$$;

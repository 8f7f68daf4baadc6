import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
const db = await PGlite.create({ extensions: { vector } })
for (const s of ['shared_buffers','work_mem','maintenance_work_mem','wal_buffers','synchronous_commit','fsync','full_page_writes','max_wal_size','checkpoint_timeout','effective_cache_size','wal_level','max_parallel_maintenance_workers'])
  console.log(s, (await db.query(`SHOW ${s}`)).rows[0])
await db.close()

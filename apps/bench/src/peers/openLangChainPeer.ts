import { PGVectorStore } from '@langchain/community/vectorstores/pgvector'
import { Embeddings } from '@langchain/core/embeddings'
import { openPostgres } from '../pg/openPostgres.js'

/** The peer is fed pre-computed vectors only; any call to embed is a bench bug. */
class PrecomputedVectorsOnly extends Embeddings {
  override async embedDocuments(): Promise<number[][]> {
    throw new Error('the LangChain peer is given pre-computed vectors')
  }
  override async embedQuery(): Promise<number[]> {
    throw new Error('the LangChain peer is given pre-computed vectors')
  }
}

/**
 * LangChain.js `PGVectorStore` on its own pool (it checks out a client for its lifetime and ends
 * the pool on `end()`), creating its default table shape (uuid id, text, jsonb metadata,
 * vector(dims)) in the bench schema. `settings` (`-c name=value …`) go to every session of its
 * pool: W10 gives its index build the memory ours gets, so the graph is built in memory on both sides.
 */
export async function openLangChainPeer(
  databaseUrl: string,
  schema: string,
  tableName: string,
  dimensions: number,
  settings = '',
): Promise<PGVectorStore> {
  const pool = openPostgres(databaseUrl, schema, 4, settings)
  await pool.query(`DROP TABLE IF EXISTS "${schema}"."${tableName}"`)
  return PGVectorStore.initialize(new PrecomputedVectorsOnly({}), {
    pool,
    schemaName: schema,
    tableName,
    dimensions,
    distanceStrategy: 'cosine',
  })
}

export { storeDistribution } from './citus/storeDistribution.js'
export {
  type ConnectEmbeddedStoreOptions,
  type ConnectedEmbeddedStore,
  connectEmbeddedStore,
} from './embedded/connectEmbeddedStore.js'
export { DataDirLock, type LockOwner } from './embedded/DataDirLock.js'
export {
  type EmbeddedServeOptions,
  type OpenEmbeddedStoreOptions,
  openEmbeddedStore,
} from './embedded/openEmbeddedStore.js'
export type { ServedWrites } from './embedded/ServedWrites.js'
export { StoreSocketServer, type StoreSocketServerOptions } from './embedded/StoreSocketServer.js'
export { storeSocketPath } from './embedded/storeSocketPath.js'
export { type MigrateOptions, migrate } from './migrate/migrate.js'
export { migrationsFolder } from './migrate/migrationsFolder.js'
// The Drizzle tables are `@agent-memory/store-pgvector/schema`: importing them loads drizzle-orm's
// pg-core, which a store that only runs its own SQL never needs.
export { DEFAULT_DIMENSIONS } from './schema/DEFAULT_DIMENSIONS.js'
export type { ReadReplicaOptions } from './sql/ReadReplicaOptions.js'
export type { ReadRoutingStats } from './sql/ReadRoutingStats.js'
export type { DatabaseHandle } from './sql/toExecutor.js'
export type { CreatePgVectorStoreOptions } from './store/CreatePgVectorStoreOptions.js'
export { createPgVectorStore } from './store/createPgVectorStore.js'
export type { VectorIndexChange, VectorIndexReport } from './store/indexes/VectorIndexReport.js'
export { PGVECTOR_STORE_DEFAULTS } from './store/PGVECTOR_STORE_DEFAULTS.js'
export { PgVectorStore } from './store/PgVectorStore.js'
export type { PgVectorStoreOptions } from './store/PgVectorStoreOptions.js'
export type { RepairQueueEntry } from './store/RepairQueueEntry.js'
export { segmentWords } from './store/segmentWords.js'

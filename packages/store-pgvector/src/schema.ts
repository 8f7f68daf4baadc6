// `@agent-memory/store-pgvector/schema`: the store's tables as Drizzle definitions, to query them
// with Drizzle beside the store. Apart from the main entry, so a process that only uses the store
// never loads drizzle-orm's pg-core.
export { chunks, DEFAULT_DIMENSIONS, memories, memoryAccess, storeMeta, tsvector } from './schema/index.js'

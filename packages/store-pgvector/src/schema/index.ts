export { chunks } from './chunks.js'
export { DEFAULT_DIMENSIONS, memories } from './memories.js'
export { storeMeta } from './storeMeta.js'
export { tsvector } from './tsvector.js'

// `@agent-memory/store-pgvector/connect`: only what a client of a running store server needs. The
// package's main entry also loads the embedded opener, migrations and the socket server, whose
// import a short-lived command (one `agent-memory search` through `serve`) would pay for nothing.
export {
  type ConnectEmbeddedStoreOptions,
  type ConnectedEmbeddedStore,
  connectEmbeddedStore,
} from './embedded/connectEmbeddedStore.js'
export type { LockOwner } from './embedded/DataDirLock.js'

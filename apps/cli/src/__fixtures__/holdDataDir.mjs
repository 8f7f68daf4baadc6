// Holds an embedded data directory without serving it (as a program using the library would),
// until its stdin closes. Prints "holding" once the lock is taken.
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'

const store = await openEmbeddedStore({
  dataDir: process.argv[2],
  dimensions: createHashingEmbedder().dimensions,
  handleSignals: false,
})
process.stderr.write('holding\n')
process.stdin.resume()
process.stdin.on('end', async () => {
  await store.close()
  process.exit(0)
})

// For the killed-repair test: opens the store, leases every pending row for 10 minutes as a
// repair run does, prints "claimed <n>" and hangs until killed.
import { openEmbeddedStore } from '../../dist/index.js'

const [dataDir] = process.argv.slice(2)
const store = await openEmbeddedStore({ dataDir, model: 'lease-test', dimensions: 4, handleSignals: false })
const claimed = await store.claimPending({ limit: 100, leaseMs: 600_000 })
process.stdout.write(`claimed ${claimed.length}\n`)
setInterval(() => undefined, 1000)

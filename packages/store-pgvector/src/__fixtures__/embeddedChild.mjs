// A second process for the lock tests: `hold <dir>` opens the store, writes, prints "ready" and
// waits for a signal; `try <dir>` attempts an open and prints what happened as JSON.
import { openEmbeddedStore } from '../../dist/index.js'

const [mode, dataDir] = process.argv.slice(2)
const vector = Float32Array.from([1, 0, 0, 0])
try {
  const store = await openEmbeddedStore({ dataDir, model: 'lock-test', dimensions: 4 })
  if (mode === 'hold') {
    await store.upsert('child', [
      {
        id: 'from-child',
        tier: 'semantic',
        content: 'written by the child',
        fingerprint: 'c',
        embedding: vector,
      },
    ])
    process.stdout.write('ready\n')
    setInterval(() => undefined, 1000)
  } else {
    process.stdout.write(`${JSON.stringify({ opened: true })}\n`)
    await store.close()
  }
} catch (error) {
  process.stdout.write(
    `${JSON.stringify({ reason: error.reason, message: error.message, holder: error.holder })}\n`,
  )
  process.exitCode = 3
}

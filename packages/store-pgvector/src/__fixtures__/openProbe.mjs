// Opens a data directory as the (possibly unprivileged) user this process runs as and prints
// what happened as one JSON line: `openProbe.mjs <dir> fail|read-only`.
import { openEmbeddedStore } from '../../dist/index.js'

const [dataDir, whenNotWritable] = process.argv.slice(2)
const describe = (error) => ({ message: error.message, kind: error.kind, code: error.code, name: error.name })
try {
  const store = await openEmbeddedStore({
    dataDir,
    model: 'probe',
    dimensions: 4,
    whenNotWritable,
    handleSignals: false,
  })
  const result = { opened: true, readOnly: store.readOnly }
  result.get = (await store.get('ns', 'kept'))?.content ?? null
  result.search = (await store.searchVector('ns', Float32Array.from([1, 0, 0, 0]), { limit: 1 })).map(
    (hit) => hit.memory.id,
  )
  result.stats = (await store.stats()).map((entry) => [entry.namespace, entry.total])
  try {
    await store.upsert('ns', [
      {
        id: 'new',
        tier: 'semantic',
        content: 'new',
        fingerprint: 'n',
        embedding: Float32Array.from([0, 1, 0, 0]),
      },
    ])
    result.write = 'ok'
  } catch (error) {
    result.write = describe(error)
  }
  await store.close()
  process.stdout.write(`${JSON.stringify(result)}\n`)
} catch (error) {
  process.stdout.write(`${JSON.stringify({ opened: false, error: describe(error) })}\n`)
}

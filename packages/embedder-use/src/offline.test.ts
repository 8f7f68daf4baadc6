import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

// Runs in a child process whose sockets, DNS and fetch refuse and record every attempt, then makes
// one deliberate connection at the end to prove the refusal is in force.
const SCRIPT = `
import net from 'node:net'
import dns from 'node:dns'
const attempts = []
const refuse = (what) => function (...args) {
  attempts.push(what + ' ' + JSON.stringify(args[0] ?? null))
  throw new Error('network refused in this test')
}
net.Socket.prototype.connect = refuse('socket')
dns.lookup = refuse('dns')
dns.promises.lookup = refuse('dns')
dns.resolve = refuse('dns')
globalThis.fetch = refuse('fetch')
const mine = () => undefined
process.on('unhandledRejection', mine)
const { createUseEmbedder } = await import('./dist/index.js')
const [puppy, dog, market] = await createUseEmbedder().embed([
  'I adopted a puppy last week.', 'We got a new dog.', 'The stock market fell sharply today.',
])
const cosine = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0)
const beforeControl = attempts.length
let controlRefused = false
try { net.connect(9, '127.0.0.1') } catch { controlRefused = true }
console.log(JSON.stringify({
  attempts: attempts.slice(0, beforeControl), controlRefused, controlRecorded: attempts.length - beforeControl,
  handlersKept: process.listeners('unhandledRejection').length === 1 && process.listeners('unhandledRejection')[0] === mine,
  uncaughtHandlers: process.listeners('uncaughtException').length,
  near: cosine(puppy, dog), far: cosine(puppy, market),
}))
`

describe('offline', () => {
  beforeAll(() => {
    if (!existsSync(fileURLToPath(new URL('../dist/index.js', import.meta.url)))) {
      throw new Error('build the package first (npx tsc -p tsconfig.build.json): this test spawns dist/')
    }
  })

  it("loads the model and embeds with every socket, DNS lookup and fetch refused, leaving the host's process handlers", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    })
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!)
    expect(result.attempts).toEqual([])
    expect(result.controlRefused).toBe(true)
    expect(result.controlRecorded).toBe(1)
    // TensorFlow.js's WebAssembly start-up adds handlers that rethrow and removes the host's.
    expect(result.handlersKept).toBe(true)
    expect(result.uncaughtHandlers).toBe(0)
    expect(result.near).toBeGreaterThan(result.far + 0.2)
  })
})

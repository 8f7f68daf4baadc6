import { startDelayProxy } from './harness/startDelayProxy.js'

// The W12 delaying proxy in a process of its own, so no work of the bench process (serving
// embeddings) holds its timers: `node delayProxyChild.js host port delayMs`; prints its port.
const [host, port, delay] = process.argv.slice(2)
const proxy = await startDelayProxy({ host: host!, port: Number(port) }, Number(delay))
process.stdout.write(`${proxy.port}\n`)
process.on('SIGTERM', () => {
  proxy.close().then(() => process.exit(0))
})

import { startFakeEmbeddingsServer } from '@agent-memory/testkit'
import type { FakeEmbeddingsChildMessage } from './workloads/FakeEmbeddingsChildMessage.js'

// The fake embeddings server in a process of its own (`startFakeEmbeddingsProcess`): its options
// as JSON in the first argument; it reports its URL over IPC, answers 'requests' with what it
// recorded, and closes when the parent disconnects (or goes away).
const send = (message: FakeEmbeddingsChildMessage) => process.send?.(message)
startFakeEmbeddingsServer(JSON.parse(process.argv[2] ?? '{}') as { dimensions?: number }).then(
  (server) => {
    process.on('message', (message: unknown) => {
      if (message === 'requests') {
        send({
          type: 'requests',
          requests: server.requests.map((request) => ({ status: request.status, inputs: request.inputs })),
        })
      }
    })
    process.on('disconnect', () => {
      void server.close().then(() => process.exit(0))
    })
    send({ type: 'listening', url: server.url })
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = 1
    process.disconnect?.()
  },
)

import { type ChildProcess, fork } from 'node:child_process'
import { once } from 'node:events'
import type { FakeEmbeddingsChildMessage } from './FakeEmbeddingsChildMessage.js'

export interface FakeEmbeddingsProcess {
  /** Base URL ending in `/v1`, as `startFakeEmbeddingsServer` gives. */
  readonly url: string
  /** Every request the server has received so far: its status and inputs, in arrival order. */
  requests(): Promise<Array<{ status: number | undefined; inputs: string[] }>>
  close(): Promise<void>
}

/**
 * The testkit's fake embeddings server in a child process. A real embeddings API runs on another
 * machine: in the bench's own process its request parsing, vector maths and JSON encoding would
 * take turns with the client on one event loop, and the figure would not be the library's.
 */
export async function startFakeEmbeddingsProcess(options: {
  dimensions: number
}): Promise<FakeEmbeddingsProcess> {
  const child: ChildProcess = fork(
    new URL('../fakeEmbeddingsChild.js', import.meta.url),
    [JSON.stringify(options)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  const next = async <T extends FakeEmbeddingsChildMessage['type']>(type: T) => {
    let listen: (received: FakeEmbeddingsChildMessage) => void = () => undefined
    let onExit: (code: number | null) => void = () => undefined
    try {
      const received = await new Promise<FakeEmbeddingsChildMessage>((resolve, reject) => {
        listen = (message) => {
          if (message.type === type) resolve(message)
        }
        onExit = (code) =>
          reject(new Error(`the fake embeddings process exited (code ${code}) before it sent '${type}'`))
        child.on('message', listen)
        child.on('exit', onExit)
      })
      return received as Extract<FakeEmbeddingsChildMessage, { type: T }>
    } finally {
      child.off('message', listen)
      child.off('exit', onExit)
    }
  }
  const { url } = await next('listening')
  return {
    url,
    async requests() {
      const reply = next('requests')
      child.send('requests')
      return (await reply).requests
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.disconnect()
      await exited
    },
  }
}

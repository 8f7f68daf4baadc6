import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { assertInspectorBind } from './assertInspectorBind.js'
import { createInspectorApp } from './createInspectorApp.js'
import type { InspectorDeps } from './InspectorDeps.js'

export interface StartInspectorOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port chosen by the system. */
  port?: number
  /** Required to bind anything but loopback: then other machines may connect (still token-guarded). */
  allowRemote?: boolean
  /** Fixed token (tests); default 32 random bytes. */
  token?: string
}

export interface RunningInspector {
  /** The address to open, token included. */
  url: string
  token: string
  port: number
  close(): Promise<void>
}

/** Serves the inspector over HTTP; loopback only unless `allowRemote` says otherwise. */
export async function startInspector(
  deps: InspectorDeps,
  options: StartInspectorOptions = {},
): Promise<RunningInspector> {
  const host = options.host ?? '127.0.0.1'
  const allowRemote = options.allowRemote === true
  const { loopback } = assertInspectorBind(host, allowRemote)
  const token = options.token ?? randomBytes(32).toString('base64url')
  const allowedHosts = new Set<string>()
  const app = createInspectorApp(deps, { token, allowedHosts, allowRemote })
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0 }, () =>
      resolve(started),
    )
    started.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  const bracketed = host.includes(':') ? `[${host}]` : host
  for (const name of [bracketed, ...(loopback ? ['127.0.0.1', 'localhost', '[::1]'] : [])]) {
    allowedHosts.add(`${name.toLowerCase()}:${port}`)
  }
  return {
    url: `http://${bracketed}:${port}/?token=${token}`,
    token,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      }),
  }
}

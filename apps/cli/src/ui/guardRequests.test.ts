import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { guardRequests } from './guardRequests.js'

const token = 'a'.repeat(43)

function app(allowRemote = false) {
  const server = new Hono<{ Bindings: HttpBindings }>()
  server.use(
    '*',
    guardRequests({ token, allowedHosts: new Set(['127.0.0.1:4000', 'localhost:4000']), allowRemote }),
  )
  server.get('/', (c) => c.text('inside'))
  return server
}

/** What @hono/node-server hands the app: the request's socket, with the peer's address. */
const from = (remoteAddress: string) =>
  ({ incoming: { socket: { remoteAddress } } }) as unknown as HttpBindings

const get = (
  server: ReturnType<typeof app>,
  path: string,
  remote: string,
  headers: Record<string, string> = {},
) =>
  server.request(
    `http://127.0.0.1:4000${path}`,
    { headers: { host: '127.0.0.1:4000', ...headers } },
    from(remote),
  )

describe('inspector request guard', () => {
  it('lets in a loopback client with the right Host and token (query or bearer)', async () => {
    const server = app()
    expect((await get(server, `/?token=${token}`, '127.0.0.1')).status).toBe(200)
    expect((await get(server, `/?token=${token}`, '::ffff:127.0.0.1')).status).toBe(200)
    expect((await get(server, '/', '::1', { authorization: `Bearer ${token}` })).status).toBe(200)
    const ok = await get(server, `/?token=${token}`, '127.0.0.1', { host: 'localhost:4000' })
    expect(await ok.text()).toBe('inside')
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(ok.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses a non-loopback client even with the token, unless remote access was asked for', async () => {
    for (const remote of ['192.168.1.20', '10.0.0.7', '::ffff:172.17.0.2', 'fe80::1', '']) {
      const refused = await get(app(), `/?token=${token}`, remote)
      expect(refused.status).toBe(403)
      expect(await refused.text()).toContain('not a loopback client')
    }
    expect((await get(app(true), `/?token=${token}`, '192.168.1.20')).status).toBe(200)
  })

  it('refuses a foreign Host header (DNS rebinding), a missing or wrong token', async () => {
    const server = app()
    const rebound = await get(server, `/?token=${token}`, '127.0.0.1', { host: 'evil.example:4000' })
    expect(rebound.status).toBe(403)
    expect(await rebound.text()).toContain('unexpected Host header')
    expect((await get(server, `/?token=${token}`, '127.0.0.1', { host: '127.0.0.1:4001' })).status).toBe(403)
    for (const path of ['/', '/?token=', `/?token=${token.slice(1)}`, `/?token=${token}x`]) {
      expect((await get(server, path, '127.0.0.1')).status).toBe(403)
    }
    expect((await get(server, '/', '127.0.0.1', { authorization: 'Bearer nope' })).status).toBe(403)
  })
})

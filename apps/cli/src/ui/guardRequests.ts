import { timingSafeEqual } from 'node:crypto'
import type { HttpBindings } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'
import { isLoopbackAddress } from './isLoopbackAddress.js'

export interface GuardOptions {
  token: string
  /** Host header values accepted (`127.0.0.1:4321`, `localhost:4321`...): a rebound DNS name is refused. */
  allowedHosts: ReadonlySet<string>
  /** Accept requests from other machines (only when the user bound a non-loopback address on purpose). */
  allowRemote: boolean
}

const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
}

function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Every request must come from this machine (unless remote access was asked for), name one of the
 * server's own host names (DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends its own
 * Host), and carry the token (`?token=`, or `Authorization: Bearer` for API clients). Refusals are
 * plain 403s that say which check failed and reveal nothing else; no CORS headers are ever sent, so
 * other origins cannot read answers.
 */
export function guardRequests(options: GuardOptions): MiddlewareHandler<{ Bindings: HttpBindings }> {
  return async (c, next) => {
    const refuse = (why: string) => c.text(`forbidden: ${why}\n`, 403, SECURITY_HEADERS)
    const remote = c.env?.incoming?.socket?.remoteAddress
    if (!options.allowRemote && !isLoopbackAddress(remote)) return refuse('not a loopback client')
    const host = c.req.header('host')?.toLowerCase()
    if (host === undefined || !options.allowedHosts.has(host)) return refuse('unexpected Host header')
    const bearer = c.req.header('authorization')?.match(/^Bearer (\S+)$/)?.[1]
    if (!sameToken(c.req.query('token') ?? bearer, options.token)) return refuse('missing or wrong token')
    await next()
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value)
  }
}

import type { ServerResponse } from 'node:http'

/** A 200 whose JSON body stops halfway (the `malformedJson` fault of both fake servers). */
export function sendHalfJson(res: ServerResponse, payload: unknown): void {
  const text = JSON.stringify(payload)
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(text.slice(0, Math.floor(text.length / 2)))
}

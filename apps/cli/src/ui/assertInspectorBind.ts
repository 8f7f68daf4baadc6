import { isLoopbackAddress } from './isLoopbackAddress.js'

/** Thrown for a bind the options do not allow. */
export class InspectorBindError extends Error {}

/** Loopback (`localhost`, 127.x, ::1) always; any other address only when remote access was asked for. */
export function assertInspectorBind(host: string, allowRemote: boolean): { loopback: boolean } {
  const loopback = host === 'localhost' || isLoopbackAddress(host)
  if (!loopback && !allowRemote) {
    throw new InspectorBindError(
      `refusing to serve the inspector on ${host}, which other machines can reach; it shows and edits every namespace. Pass --allow-remote to do it anyway`,
    )
  }
  return { loopback }
}

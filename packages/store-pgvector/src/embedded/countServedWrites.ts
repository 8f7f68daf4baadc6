import type { ServedWrites } from './ServedWrites.js'

const COMMAND_COMPLETE = 0x43 // 'C'
const READY_FOR_QUERY = 0x5a // 'Z'
const IDLE = 0x49 // 'I': no transaction open
const WRITE_TAG = /^(INSERT \d+|UPDATE|DELETE|COPY|MERGE) (\d+)$/

/**
 * Reads the backend messages PGlite sends a served client and tallies the rows its committed
 * statements changed, from their CommandComplete tags (`INSERT 0 5`, `UPDATE 3`...): the store
 * server relays raw protocol, so the tags are the only place a served write is visible. Rows
 * count once the session is idle again (ReadyForQuery `I`); a ROLLBACK drops its transaction's.
 * Messages may arrive split across chunks.
 */
export function countServedWrites(): { read(data: Uint8Array): void; take(): ServedWrites } {
  let buffered = Buffer.alloc(0)
  let open: ServedWrites = { changed: 0, dead: 0 }
  let committed: ServedWrites = { changed: 0, dead: 0 }
  const onMessage = (type: number, body: Buffer) => {
    if (type === READY_FOR_QUERY && body[0] === IDLE) {
      committed = { changed: committed.changed + open.changed, dead: committed.dead + open.dead }
      open = { changed: 0, dead: 0 }
      return
    }
    if (type !== COMMAND_COMPLETE) return
    const tag = body.toString('latin1').replace(/\0$/, '')
    if (tag === 'ROLLBACK') {
      open = { changed: 0, dead: 0 }
      return
    }
    const write = WRITE_TAG.exec(tag)
    if (write === null) return
    const rows = Number(write[2])
    const leavesDead = write[1] === 'UPDATE' || write[1] === 'DELETE' || write[1] === 'MERGE'
    open = { changed: open.changed + rows, dead: open.dead + (leavesDead ? rows : 0) }
  }
  return {
    read(data) {
      buffered = buffered.length === 0 ? Buffer.from(data) : Buffer.concat([buffered, data])
      let at = 0
      while (buffered.length - at >= 5) {
        const length = buffered.readInt32BE(at + 1)
        if (buffered.length - at < length + 1) break
        onMessage(buffered[at]!, buffered.subarray(at + 5, at + 1 + length))
        at += length + 1
      }
      buffered = buffered.subarray(at)
    },
    take() {
      const taken = committed
      committed = { changed: 0, dead: 0 }
      return taken
    },
  }
}

// One contender for the data-directory lock tests. Reads commands from stdin, one a line:
// `acquire <dir> <startAtMs>` waits until that instant (so contenders start together), tries
// DataDirLock.acquire and prints `held` or `locked <message>`; `release` releases what it holds
// and prints `released`.
import { createInterface } from 'node:readline'
import { DataDirLock } from '../../dist/index.js'

let lock
const lines = createInterface({ input: process.stdin })
process.stdout.write('ready\n')
for await (const line of lines) {
  const [command, dir, startAt] = line.split(' ')
  if (command === 'acquire') {
    while (Date.now() < Number(startAt)) {
      // Spin: a timer would add milliseconds of jitter between contenders.
    }
    try {
      lock = DataDirLock.acquire(dir)
      process.stdout.write('held\n')
    } catch (error) {
      process.stdout.write(`locked ${String(error.message).replace(/\n/g, ' ')}\n`)
    }
  } else if (command === 'release') {
    lock?.release()
    lock = undefined
    process.stdout.write('released\n')
  }
}

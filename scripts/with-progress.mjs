#!/usr/bin/env node
// Runs a command and says it is working while it runs: `node scripts/with-progress.mjs <label> -- <command…>`.
// A cold `pnpm demo` spends about a minute in a build that prints nothing; without this line the
// first minute looks like a hang. On a terminal the line redraws every second; piped, it repeats
// every 10 s. The command's own output passes through, and its exit code is this script's.
import { spawn } from 'node:child_process'

const separator = process.argv.indexOf('--')
const label = process.argv[2]
const command = separator === -1 ? [] : process.argv.slice(separator + 1)
if (separator !== 3 || command.length === 0) {
  process.stderr.write('usage: node scripts/with-progress.mjs <label> -- <command> [args…]\n')
  process.exit(2)
}

const started = Date.now()
const tty = process.stderr.isTTY === true
const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`
const show = () => {
  if (tty) process.stderr.write(`\r\u001b[2K${label}… ${elapsed()}`)
  else process.stderr.write(`${label}… ${elapsed()}\n`)
}
show()
const timer = setInterval(show, tty ? 1_000 : 10_000)

const child = spawn(command[0], command.slice(1), { stdio: 'inherit' })
const finish = (code) => {
  clearInterval(timer)
  if (tty) process.stderr.write('\r\u001b[2K')
  process.stderr.write(
    code === 0 ? `${label}: done in ${elapsed()}\n` : `${label}: failed after ${elapsed()}\n`,
  )
  process.exit(code)
}
child.on('error', (error) => {
  process.stderr.write(`${label}: cannot run ${command[0]}: ${error.message}\n`)
  finish(127)
})
child.on('exit', (code, signal) => finish(code ?? (signal === null ? 1 : 128)))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))

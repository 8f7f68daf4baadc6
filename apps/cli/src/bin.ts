#!/usr/bin/env node
import { runCli } from './runCli.js'

process.exitCode = await runCli(process.argv.slice(2))
// Everything opened is closed by now; a stray handle (a driver's idle timer) must not keep a
// finished command alive, so leave a moment for the output to flush and then go.
setTimeout(() => process.exit(), 2_000).unref()

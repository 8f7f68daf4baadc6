import { describe, expect, it } from 'vitest'
import { runCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

const BRIEF =
  /debug: brief command: PGlite booted with shared_buffers 32MB and its wasm compiled in the baseline tier/

describe('brief commands open the embedded store for a quick start (subprocess)', () => {
  const temp = useTemporaryDirectory()
  const cli = (...args: string[]) => runCli([...args, '--data-dir', temp.dataDir, '--debug'])

  it('remember, search and list boot small; maintain, a command that may run long, does not', async () => {
    const remembered = await cli('remember', 'Mia lives in Berlin', '-n', 'mia')
    expect(remembered.code).toBe(0)
    expect(remembered.stderr).toMatch(BRIEF)
    const searched = await cli('search', 'where does Mia live', '-n', 'mia')
    expect(searched.code).toBe(0)
    expect(searched.stderr).toMatch(BRIEF)
    expect(searched.stdout).toMatch(/Mia lives in Berlin/)
    const listed = await cli('list', '-n', 'mia')
    expect(listed.code).toBe(0)
    expect(listed.stderr).toMatch(BRIEF)
    const maintained = await cli('maintain')
    expect(maintained.code).toBe(0)
    expect(maintained.stderr).toMatch(/agent-memory: embedded PGlite at /)
    expect(maintained.stderr).not.toMatch(/brief command/)
  })
})

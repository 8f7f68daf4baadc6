import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startCli } from './__fixtures__/cliProcess.js'
import { useTemporaryDirectory } from './__fixtures__/useTemporaryDirectory.js'

describe('agent-memory ingest interrupted by Ctrl-C (subprocess)', () => {
  const temp = useTemporaryDirectory()

  it('stops between items, says how far it got, and a re-run continues where it stopped', async () => {
    const notes = path.join(temp.dir, 'notes')
    const dataDir = path.join(temp.dir, 'store')
    await mkdir(notes)
    const files = 300
    for (let i = 0; i < files; i++) {
      await writeFile(
        path.join(notes, `note-${String(i).padStart(3, '0')}.md`),
        `Note ${i}: the meeting about project ${i * 7} moved.\n`,
      )
    }
    const args = ['ingest', notes, '--namespace', 'kim', '--data-dir', dataDir, '--json']
    // The first progress line means at least one file is stored; Ctrl-C then lands mid-run.
    const run = await startCli(args, /ingest: \d+\/300 files/)
    run.child.kill('SIGINT')
    const code = await run.stop()
    expect(code).toBe(130)
    expect(run.stderr()).toMatch(
      /ingest: interrupted after \d+\/300 files: \d+ new.*Run the same command again to continue/,
    )
    const first = JSON.parse(run.stdout())
    expect(first.interrupted).toBe(true)
    expect(first.inserted).toBeGreaterThan(0)
    expect(first.inserted).toBeLessThan(files)

    const again = await runCli(args)
    expect(again.code).toBe(0)
    const second = JSON.parse(again.stdout)
    expect(second).toMatchObject({
      unchanged: first.inserted,
      inserted: files - first.inserted,
      interrupted: false,
    })
  })
})

import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const dist = (file: string) => new URL(`../dist/${file}`, import.meta.url).href

// A resolve hook that refuses the packages a store which only runs its own SQL must not load at
// import time: node-postgres (loaded when a pool is first made), its COPY helper, Drizzle's pg-core
// (the tables are the `./schema` entry).
const refuse = `
const refused = ['pg', 'pg-copy-streams', 'drizzle-orm/pg-core']
export async function resolve(specifier, context, next) {
  if (refused.includes(specifier)) throw new Error('imported ' + specifier)
  return next(specifier, context)
}`
const hook = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(refuse)}`)})`

async function importWithHook(file: string): Promise<{ ok: boolean; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [
      '--import',
      `data:text/javascript,${encodeURIComponent(hook)}`,
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(dist(file))}); console.log(Object.keys(m).length)`,
    ])
    return { ok: true, stderr }
  } catch (error) {
    return { ok: false, stderr: String((error as { stderr?: string }).stderr) }
  }
}

describe('what each entry loads', { timeout: 120_000 }, () => {
  beforeAll(() => {
    if (!existsSync(fileURLToPath(dist('index.js')))) {
      throw new Error('build the package first (npx tsc -p tsconfig.build.json): this test imports dist/')
    }
  })

  it('the main entry and ./connect import without node-postgres or Drizzle pg-core', async () => {
    expect(await importWithHook('index.js')).toMatchObject({ ok: true })
    expect(await importWithHook('connect.js')).toMatchObject({ ok: true })
  })

  it('./schema is where Drizzle pg-core comes in (the hook does refuse it)', async () => {
    const schema = await importWithHook('schema.js')
    expect(schema.ok).toBe(false)
    expect(schema.stderr).toContain('imported drizzle-orm/pg-core')
  })
})

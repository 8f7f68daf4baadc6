import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cliPackageDir } from './cliPackageDir.js'

/** Read from this package's package.json, so `changeset version` needs no code change. */
export const CLI_VERSION: string = (
  JSON.parse(readFileSync(join(cliPackageDir(), 'package.json'), 'utf8')) as { version: string }
).version

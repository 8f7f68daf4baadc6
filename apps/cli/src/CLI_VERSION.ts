import { createRequire } from 'node:module'

/** Read from this package's package.json (dist/ and src/ both sit beside it), so `changeset version` needs no code change. */
export const CLI_VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string })
  .version

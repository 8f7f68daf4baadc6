import { fileURLToPath } from 'node:url'

/** The monorepo root (this file is at apps/bench/{src,dist}/harness/). */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

import { fileURLToPath } from 'node:url'

/** The committed drizzle-kit output, shipped in the package next to `dist` (and `src`). */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

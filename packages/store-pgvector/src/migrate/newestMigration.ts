import { readFileSync } from 'node:fs'
import { migrationsFolder } from './migrationsFolder.js'

let latestMigration: number | undefined

/** When the newest committed migration was generated (its journal key), read once per process. */
export function newestMigration(): number {
  if (latestMigration === undefined) {
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
      entries: Array<{ when: number }>
    }
    latestMigration = Math.max(...journal.entries.map((entry) => entry.when))
  }
  return latestMigration
}

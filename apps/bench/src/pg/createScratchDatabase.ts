import pg from 'pg'

export interface ScratchDatabase {
  url: string
  drop(): Promise<void>
}

/**
 * A fresh, empty database beside the one `databaseUrl` names (our store's migrations own the
 * `public` schema of their database, so each store under test gets its own), dropped on `drop()`.
 */
export async function createScratchDatabase(databaseUrl: string, name: string): Promise<ScratchDatabase> {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

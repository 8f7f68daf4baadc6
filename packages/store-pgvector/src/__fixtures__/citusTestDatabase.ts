import pg from 'pg'

/** The Citus coordinator's URL (scripts/setup-citus.sh prints it), or undefined. */
export function citusUrl(): string | undefined {
  const url = process.env.CITUS_DATABASE_URL
  return url === undefined || url === '' ? undefined : url
}

let counter = 0

/**
 * A fresh schema on the cluster of CITUS_DATABASE_URL, so parallel test files never collide: a
 * database created on the coordinator would exist on no worker, while a schema is created on every
 * node with the tables distributed in it. Returns the coordinator's URL, the schema and a drop function.
 */
export async function createCitusTestSchema(
  label: string,
): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const url = citusUrl()
  if (url === undefined) throw new Error('CITUS_DATABASE_URL is not set')
  counter += 1
  const schema = `am_${label}_${process.pid}_${Date.now().toString(36)}_${counter}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
  return {
    url,
    schema,
    drop: async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      } finally {
        await client.end()
      }
    },
  }
}

/** Every worker's URL (same database), as the coordinator lists its active primaries. */
export async function workerUrls(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const nodes = await client.query<{ host: string; port: number }>(
      "SELECT nodename AS host, nodeport AS port FROM pg_dist_node WHERE noderole = 'primary' AND isactive AND shouldhaveshards AND groupid <> 0 ORDER BY nodeport",
    )
    return nodes.rows.map((node) => {
      const worker = new URL(url)
      worker.hostname = node.host
      worker.port = String(node.port)
      return worker.toString()
    })
  } finally {
    await client.end()
  }
}

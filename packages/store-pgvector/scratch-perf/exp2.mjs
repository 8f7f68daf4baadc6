import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { migrate, createPgVectorStore } from '../dist/index.js'
import { fingerprint } from '@agent-memory/core'
const n = Number(process.argv[2] ?? 10000)
const mwm = process.argv[3] ?? '64MB'
const inmem = process.argv[4] === 'mem'
const dim = 1536
function rnd(seed){ let s=seed>>>0; return ()=>{ s=(s*1664525+1013904223)>>>0; return s/2**32 } }
const r = rnd(42)
const writes = Array.from({length:n},(_,i)=>{ const v=new Float32Array(dim); let norm=0; for(let j=0;j<dim;j++){v[j]=r()-0.5; norm+=v[j]*v[j]} norm=Math.sqrt(norm); for(let j=0;j<dim;j++) v[j]/=norm
  const content=`memory number ${i} about topic ${i%37} with words alpha beta gamma`
  return {id:`r${i}`, tier:'semantic', content, fingerprint: fingerprint(content), embedding: v}})
const dir = await mkdtemp(join(tmpdir(),'exp2-'))
const db = inmem ? await PGlite.create({ extensions: { vector } }) : await PGlite.create(dir, { extensions: { vector } })
await migrate(db, { dimensions: dim, annIndex: false })
const store = await createPgVectorStore({ db, dimensions: dim, model: 'x' })
let t=performance.now()
for (let s=0;s<n;s+=5000) await store.upsert('w4', writes.slice(s,s+5000))
console.log('ingest', n, (n/(performance.now()-t)*1000).toFixed(0),'rows/s')
await store.close()
t=performance.now()
await db.exec(`SET maintenance_work_mem = '${mwm}'`)
await db.exec('CREATE INDEX memories_embedding_hnsw ON memories USING hnsw (embedding vector_cosine_ops)')
console.log('build', mwm, ((performance.now()-t)/1000).toFixed(1),'s')
await db.close()

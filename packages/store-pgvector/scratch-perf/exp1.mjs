import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openEmbeddedStore } from '../dist/index.js'
import { fingerprint } from '@agent-memory/core'
const n = Number(process.argv[2] ?? 1000)
const ann = process.argv[3] !== 'noann'
const dim = 1536
function rnd(seed){ let s=seed>>>0; return ()=>{ s=(s*1664525+1013904223)>>>0; return s/2**32 } }
const r = rnd(42)
const writes = Array.from({length:n},(_,i)=>{ const v=new Float32Array(dim); let norm=0; for(let j=0;j<dim;j++){v[j]=r()-0.5; norm+=v[j]*v[j]} norm=Math.sqrt(norm); for(let j=0;j<dim;j++) v[j]/=norm
  const content=`memory number ${i} about topic ${i%37} with words alpha beta gamma`
  return {id:`r${i}`, tier:'semantic', content, fingerprint: fingerprint(content), embedding: v}})
const dir = await mkdtemp(join(tmpdir(),'exp1-'))
let t=performance.now()
const store = await openEmbeddedStore({dataDir: dir, dimensions: dim, model:'x', handleSignals:false, annIndex: ann})
console.log('open ms', (performance.now()-t).toFixed(0))
t=performance.now()
for (let s=0;s<n;s+=5000) await store.upsert('w4', writes.slice(s,s+5000))
const ms = performance.now()-t
console.log('ingest', n, 'rows', ms.toFixed(0),'ms', (n/ms*1000).toFixed(0),'rows/s', 'ann', ann)
t=performance.now()
for (let q=0;q<50;q++) await store.searchVector('w4', writes[q].embedding, {limit:10})
console.log('search avg ms', ((performance.now()-t)/50).toFixed(2))
await store.close()

import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { createPgVectorStore, migrate } from '/work/main/packages/store-pgvector/dist/index.js'
import { fingerprint } from '/work/main/packages/core/dist/index.js'
const data = JSON.parse(readFileSync('/work/shared/eval/locomo-dev.json','utf8'))
const conv = data[0].conversation
const texts = []
for (const k of Object.keys(conv)) if (/^session_\d+$/.test(k)) for (const t of conv[k]) texts.push(`${t.speaker}: ${t.text}`)
const db = await PGlite.create({ extensions: { vector } })
await migrate(db, { dimensions: 4, annIndex: false })
const store = await createPgVectorStore({ db, dimensions: 4 })
await store.upsert('ns', texts.map((c,i)=>({id:`m${i}`,tier:'semantic',content:c,fingerprint:fingerprint(c),embedding:Float32Array.from([1,0,0,0])})))
const orig = db.query.bind(db)
const times = new Map()
const origTx = db.transaction.bind(db)
let last=[]
db.transaction = (fn) => origTx((tx) => { const q = tx.query.bind(tx); tx.query = async (sql, params, o) => { const t0=performance.now(); try { return await q(sql, params, o) } finally { const k = sql.slice(0,40).replace(/\s+/g,' '); last.push([sql,params]); times.set(k,(times.get(k)??0)+performance.now()-t0) } }; return fn(tx) })
const _unused = async (sql, params, o) => { const t0=performance.now(); try { return await orig(sql, params, o) } finally { const k = sql.slice(0,40).replace(/\s+/g,' '); times.set(k,(times.get(k)??0)+performance.now()-t0) } }
const qs = data[0].qa.map(q => q.question)
const t0=performance.now()
for (const q of qs) await store.searchText('ns', q, {limit: 50})
console.log('ms/query', (performance.now()-t0)/qs.length)
for (const [k,v] of times) console.log((v/qs.length).toFixed(2), k)
{ const [sql,params]=last.at(-1); const r = await orig('EXPLAIN ANALYZE '+sql, params); console.log(r.rows.map(x=>x['QUERY PLAN']).join('\n')) }
if (process.argv[2]) { const r = await orig(process.argv[2]); console.log(r.rows) }

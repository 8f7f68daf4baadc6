import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TINY_LOCOMO } from './__fixtures__/tinyLocomo.js'
import { TINY_REALMEM } from './__fixtures__/tinyRealmem.js'
import { loadLocomo } from './loadLocomo.js'
import { RANKING_GRID } from './RANKING_GRID.js'
import { runEmbedderEval } from './runEmbedderEval.js'

describe('runEmbedderEval (smoke)', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  for (const name of ['hashing', 'use']) {
    it(`${name}: every metric with an interval, paired tests per category, cached vectors, the report`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'am-eval-'))
      dirs.push(dir)
      const options = {
        name,
        sets: [
          { name: 'LoCoMo dev', data: loadLocomo(TINY_LOCOMO) },
          { name: 'RealMem dev', data: loadLocomo(TINY_REALMEM) },
        ],
        grid: [RANKING_GRID[0]!, RANKING_GRID[1]!, { ...RANKING_GRID[2]!, baseline: RANKING_GRID[0]!.label }],
        command: 'test',
        cacheDir: join(dir, 'cache'),
        outDir: join(dir, 'out'),
        log: (line: string) => {
          lines.push(line)
        },
      }
      const lines: string[] = []
      const [result, realmem] = await runEmbedderEval(options)
      if (!result || !realmem) throw new Error('one report per set')
      expect(result.questions).toBe(4)
      expect(realmem.questions).toBe(2)
      expect(realmem.categories?.['1']).toBe('dynamic incremental')
      // Every memory of the long-turn set got its vectors, chunks included (the ingest fails otherwise).
      expect(
        realmem.rankings.find((r) => r.label === 'vector-only')!.metrics['recall_any@10']!.mean,
      ).toBeGreaterThan(0)
      expect(result.rankings.map((r) => r.label)).toEqual([
        'default',
        'keyword-only',
        'vector-only',
        'plain BM25',
        'leave-one-out',
      ])
      for (const ranking of result.rankings)
        for (const m of Object.values(ranking.metrics)) {
          expect(m.low).toBeLessThanOrEqual(m.mean)
          expect(m.high).toBeGreaterThanOrEqual(m.mean)
        }
      // The vector leg sees every memory: nothing was left pending by a slow embedder.
      expect(result.rankings[2]!.metrics['recall_any@10']!.mean).toBeGreaterThan(0)
      expect(Object.keys(result.comparisons[0]!.byCategory).sort()).toEqual(['1', '2', '4'])
      const report = JSON.parse(await readFile(join(options.outDir, 'benchmarks.json'), 'utf8'))
      expect(Object.keys(report.embedders)).toEqual([`LoCoMo dev · ${name}`, `RealMem dev · ${name}`])
      // Leave-one-out holds out each conversation of either set.
      expect(result.folds.map((f) => f.conversation)).toEqual(['tiny-1'])
      expect(realmem.folds.map((f) => f.conversation)).toEqual(['rm-tiny'])
      expect(await readFile(join(options.outDir, 'benchmarks.md'), 'utf8')).toContain(
        '## Retrieval quality per embedder: LoCoMo dev and RealMem dev',
      )
      // A sweep reads each setting against keyword-only and the default, paired, per set; and
      // against the setting named as its baseline.
      const paired = lines.filter((line) => /vs keyword-only [+-]\d+\.\d \(\+\d+\/−\d+, p /.test(line))
      expect(paired).toHaveLength(6)
      expect(paired.filter((line) => line.includes(`, vs ${RANKING_GRID[0]!.label} `))).toHaveLength(2)
      // A second run reads every vector from the cache and measures the same.
      lines.length = 0
      const [again] = await runEmbedderEval(options)
      expect(again!.rankings).toEqual(result.rankings)
      expect(lines.join('\n')).not.toMatch(/\(0 vectors from the cache\)/)
    })
  }
})

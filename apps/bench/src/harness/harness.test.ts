import { describe, expect, it } from 'vitest'
import { compareVariants } from '../locomo/compareVariants.js'
import { loadLocomo } from '../locomo/loadLocomo.js'
import { parseSessionDate } from '../locomo/parseSessionDate.js'
import { scoreRanking } from '../locomo/scoreRanking.js'
import { createRng } from './createRng.js'
import { createZipfText } from './createZipfText.js'
import { exactTopK } from './exactTopK.js'
import { exactTopKMany } from './exactTopKMany.js'
import { generateClusteredVectors } from './generateClusteredVectors.js'
import { measureAlternating } from './measureAlternating.js'
import { measureMirrored } from './measureMirrored.js'
import { parseArgs } from './parseArgs.js'
import { percentile } from './percentile.js'
import { recallAtK } from './recallAtK.js'
import { summarizeLatencies } from './summarizeLatencies.js'
import { vectorSetOf } from './vectorSetOf.js'

describe('createRng', () => {
  it('repeats its sequence for a seed and differs across seeds', () => {
    const a = createRng(42)
    const b = createRng(42)
    const c = createRng(43)
    const seqA = Array.from({ length: 5 }, () => a.next())
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA)
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA)
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true)
  })

  it('draws normals with mean ≈ 0 and variance ≈ 1', () => {
    const rng = createRng(7)
    const xs = Array.from({ length: 20_000 }, () => rng.normal())
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length
    expect(Math.abs(mean)).toBeLessThan(0.03)
    expect(Math.abs(variance - 1)).toBeLessThan(0.05)
  })
})

describe('generateClusteredVectors', () => {
  const options = { count: 50, dimensions: 16, clusters: 5, centreSeed: 1, seed: 2 }

  it('is deterministic from its seeds', () => {
    expect(generateClusteredVectors(options).data).toEqual(generateClusteredVectors(options).data)
    expect(generateClusteredVectors({ ...options, seed: 3 }).data).not.toEqual(
      generateClusteredVectors(options).data,
    )
  })

  it('yields unit vectors', () => {
    const set = generateClusteredVectors(options)
    for (let i = 0; i < set.count; i++) {
      const norm = Math.sqrt(set.row(i).reduce((s, x) => s + x * x, 0))
      expect(norm).toBeCloseTo(1, 5)
    }
  })

  it('clusters: a point is closer to its cluster mates than to random points on average', () => {
    const set = generateClusteredVectors({
      count: 400,
      dimensions: 64,
      clusters: 4,
      sigma: 0.5,
      centreSeed: 9,
      seed: 10,
    })
    const top = exactTopK(set, set.row(0), 20)
    const dot = (i: number) => set.row(i).reduce((s, x, d) => s + x * set.row(0)[d]!, 0)
    const nearMean = top.slice(1).reduce((s, i) => s + dot(i), 0) / 19
    const allMean = Array.from({ length: 400 }, (_, i) => dot(i)).reduce((s, x) => s + x, 0) / 400
    expect(nearMean).toBeGreaterThan(allMean + 0.2)
  })
})

describe('exactTopK', () => {
  const set = vectorSetOf(new Float32Array([1, 0, 0.6, 0.8, 0, 1, 0.8, 0.6, 1, 0]), 2)

  it('ranks by dot product, ties by row index', () => {
    expect(exactTopK(set, new Float32Array([1, 0]), 3)).toEqual([0, 4, 3])
  })

  it('restricts to candidates', () => {
    expect(exactTopK(set, new Float32Array([1, 0]), 2, [1, 2, 3])).toEqual([3, 1])
  })
})

describe('exactTopKMany', () => {
  it('returns exactly what exactTopK returns for each query, across blocks and with ties', () => {
    const set = generateClusteredVectors({ count: 700, dimensions: 24, clusters: 7, centreSeed: 3, seed: 4 })
    // Duplicated rows make ties that must break by row index exactly as exactTopK breaks them.
    const data = new Float32Array(set.data.length + 24 * 5)
    data.set(set.data)
    for (let i = 0; i < 5; i++) data.set(set.row(i * 11), set.data.length + i * 24)
    const withTies = vectorSetOf(data, 24)
    const queries = generateClusteredVectors({
      count: 70,
      dimensions: 24,
      clusters: 7,
      centreSeed: 3,
      seed: 5,
    })
    const many = exactTopKMany(withTies, queries, 10)
    expect(many).toHaveLength(70)
    for (let q = 0; q < 70; q++) expect(many[q]).toEqual(exactTopK(withTies, queries.row(q), 10))
    expect(exactTopKMany(vectorSetOf(set.data.slice(0, 24 * 3), 24), queries, 10)[0]).toHaveLength(3)
  })
})

describe('recallAtK', () => {
  it('counts the overlap within the first k', () => {
    expect(recallAtK([1, 2, 3, 4], [4, 3, 9, 8], 4)).toBe(0.5)
    expect(recallAtK([1, 2, 3, 4], [4, 3], 2)).toBe(0)
  })
  it('scores a short truth against its own size and an empty truth as 1', () => {
    expect(recallAtK([7, 5], [5, 7], 10)).toBe(1)
    expect(recallAtK([], [], 10)).toBe(1)
    expect(recallAtK([], [1], 10)).toBe(0)
  })
})

describe('percentile and summarizeLatencies', () => {
  it('uses the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(sorted, 50)).toBe(50)
    expect(percentile(sorted, 99)).toBe(99)
    expect(percentile(sorted, 100)).toBe(100)
    expect(percentile([3], 50)).toBe(3)
    expect(() => percentile(sorted, 0)).toThrow(RangeError)
  })
  it('summarises unsorted samples', () => {
    const summary = summarizeLatencies([5, 1, 4, 2, 3])
    expect(summary).toMatchObject({ n: 5, p50: 3, p99: 5, max: 5, mean: 3 })
  })
})

describe('measureAlternating', () => {
  it('runs every call once per index, rotating which goes first, and times only after the warm-up', async () => {
    const order: string[] = []
    const call = (name: string) => async (i: number) => {
      order.push(`${name}${i}`)
    }
    const [a, b, c] = await measureAlternating([call('a'), call('b'), call('c')], {
      warmup: 1,
      iterations: 3,
    })
    expect(order).toEqual(['a0', 'b0', 'c0', 'b1', 'c1', 'a1', 'c2', 'a2', 'b2', 'a3', 'b3', 'c3'])
    expect([a!.n, b!.n, c!.n]).toEqual([3, 3, 3])
  })
  it('gives each call its own latencies', async () => {
    const wait = (ms: number) => () => new Promise<void>((resolve) => setTimeout(resolve, ms))
    const [slow, fast] = await measureAlternating([wait(30), wait(0)], { warmup: 0, iterations: 3 })
    expect(slow!.p50).toBeGreaterThanOrEqual(25)
    expect(fast!.p50).toBeLessThan(slow!.p50)
  })
})

describe('measureMirrored', () => {
  it("times each call in a pass of its own, twice, the second round mirrored, and keeps the first pass's results", async () => {
    const order: string[] = []
    let pass = 0
    const call = (name: string) => async (i: number) => {
      if (i === 0) pass++
      order.push(`${name}${i}`)
      return `${name}${i}@${pass}`
    }
    const [a, b] = await measureMirrored([call('a'), call('b')], { warmup: 1, iterations: 2 })
    expect(order).toEqual(['a0', 'a0', 'a1', 'b0', 'b0', 'b1', 'b0', 'b0', 'b1', 'a0', 'a0', 'a1'])
    expect([a!.latency.n, b!.latency.n]).toEqual([4, 4])
    expect(a!.samples).toHaveLength(4)
    expect(a!.results).toEqual(['a0@2', 'a1@2'])
    expect(b!.results).toEqual(['b0@4', 'b1@4'])
  })
})

describe('parseArgs', () => {
  it('reads flags, values and positionals', () => {
    expect(parseArgs(['--smoke', '--size', '100k', '--only=w1,W3', 'file.json'])).toMatchObject({
      smoke: true,
      size: 100_000,
      only: ['W1', 'W3'],
      positional: ['file.json'],
    })
    expect(parseArgs(['--embedder', 'use']).embedder).toBe('use')
    expect(() => parseArgs(['--size', '-3'])).toThrow()
    expect(() => parseArgs(['--frobnicate'])).toThrow(/unknown option/)
    expect(parseArgs(['--soak-backends', 'Postgres,postgres']).soakBackends).toEqual(['postgres'])
    expect(parseArgs([]).soakBackends).toBeUndefined()
    expect(() => parseArgs(['--soak-backends', 'postgres,mysql'])).toThrow(
      '--soak-backends takes embedded and/or postgres, got mysql',
    )
  })
})

describe('LoCoMo scoring', () => {
  it('scores recall_any, recall_all, evidence recall, reciprocal rank, nDCG and session recall', () => {
    const ranking = [new Set(['D1:1']), new Set(['D1:2']), new Set(['D2:5', 'D2:6'])]
    expect(scoreRanking(ranking, ['D2:6', 'D9:9'])).toEqual({
      any5: 1,
      any10: 1,
      all5: 0,
      all10: 0,
      evidence5: 0.5,
      evidence10: 0.5,
      reciprocalRank: 1 / 3,
      ndcg10: 1 / Math.log2(4) / (1 + 1 / Math.log2(3)),
      session10: 0.5,
    })
    expect(scoreRanking(ranking, ['D1:2', 'D2:5'])).toMatchObject({
      all5: 1,
      all10: 1,
      ndcg10: (1 / Math.log2(3) + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3)),
      session10: 1,
    })
    expect(scoreRanking([new Set(['D1:1'])], ['D1:1'])).toMatchObject({ all5: 1, ndcg10: 1 })
    expect(scoreRanking(ranking, ['D7:7'])).toMatchObject({ any10: 0, reciprocalRank: 0 })
  })

  it('parses session dates and normalises evidence ids', () => {
    expect(parseSessionDate('1:56 pm on 8 May, 2023')?.toISOString()).toBe('2023-05-08T13:56:00.000Z')
    expect(parseSessionDate('12:09 am on 13 September, 2023')?.toISOString()).toBe('2023-09-13T00:09:00.000Z')
    expect(parseSessionDate('yesterday')).toBeNull()
    const data = loadLocomo([
      {
        sample_id: 's',
        conversation: {
          session_1_date_time: '1:00 pm on 1 May, 2023',
          session_1: [
            { speaker: 'A', dia_id: 'D1:1', text: 'hi' },
            { speaker: 'B', dia_id: 'D1:2', text: 'hello', blip_caption: 'a photo of a cat' },
          ],
        },
        qa: [
          { question: 'q1', category: 1, evidence: ['D1:1; D:1:2'] },
          { question: 'q2', category: 2, evidence: ['D'] },
        ],
      },
    ])
    expect(data.conversations[0]!.questions).toEqual([
      { question: 'q1', category: '1', evidence: ['D1:1', 'D1:2'], askedAt: null },
    ])
    expect(data.danglingEvidence).toBe(1)
    expect(data.questionsWithoutEvidence).toBe(1)
    expect(data.conversations[0]!.turns[1]).toMatchObject({ imageCaption: 'a photo of a cat', session: 1 })
    expect(
      data.conversations[0]!.turns[1]!.createdAt!.getTime() -
        data.conversations[0]!.turns[0]!.createdAt!.getTime(),
    ).toBe(1000)
  })
})

describe('compareVariants', () => {
  const variant = (hits10: string) => ({
    backend: 'b',
    mode: 'hybrid' as const,
    fusion: null,
    overall: {
      questions: 0,
      recallAny5: 0,
      recallAny10: 0,
      evidenceRecall5: 0,
      evidenceRecall10: 0,
      mrr: 0,
      p50Ms: 0,
    },
    byCategory: {},
    hits10,
  })

  it('counts discordant questions and gives the exact McNemar p-value', () => {
    const line = compareVariants(variant('1111111111'), variant('0000000000'), 'A', 'B')
    expect(line).toContain('10 questions found only by A, 0 only by B')
    expect(line).toContain('p = 0.0020')
    expect(line).toContain('+100.0 points')
  })

  it('reports p = 1 for identical results', () => {
    expect(compareVariants(variant('1010'), variant('1010'), 'A', 'B')).toContain('p = 1.0')
  })
})

describe('createZipfText', () => {
  it('is deterministic and heavy-headed: the top word is far more common than a typical one', () => {
    const a = createZipfText(createRng(5), 2000)
    const b = createZipfText(createRng(5), 2000)
    const textA = a(5000)
    expect(b(5000)).toBe(textA)
    const counts = new Map<string, number>()
    for (const word of textA.slice(0, -1).split(' ')) counts.set(word, (counts.get(word) ?? 0) + 1)
    const sorted = [...counts.values()].sort((x, y) => y - x)
    expect(sorted[0]!).toBeGreaterThan(20 * sorted[Math.floor(sorted.length / 2)]!)
    expect(counts.size).toBeGreaterThan(500)
  })
})

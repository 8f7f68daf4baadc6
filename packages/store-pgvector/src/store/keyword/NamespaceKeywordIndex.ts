import { bm25Idf } from '../search/keyword-statistics/bm25Idf.js'
import { BM25_B, BM25_K1 } from '../searchText.js'
import type { KeywordTerm } from './KeywordTerm.js'
import type { ParsedTsvector } from './parseTsvector.js'
import type { RankedDocuments } from './RankedDocuments.js'
import { selectRanked } from './selectRanked.js'
import { tsvectorOrder } from './tsvectorOrder.js'

interface Document {
  id: string
  lexemes: string[]
  length: number
}

/**
 * One namespace's inverted index: every row's lexemes and term frequencies (live or not: like the
 * SQL leg, corpus statistics count every row of the namespace and filters are applied afterwards).
 */
export class NamespaceKeywordIndex {
  readonly #slots = new Map<string, number>()
  readonly #documents: Array<Document | undefined> = []
  readonly #free: number[] = []
  /** lexeme → document slot → term frequency. */
  readonly #postings = new Map<string, Map<number, number>>()
  #count = 0
  #totalLength = 0

  get size(): number {
    return this.#count
  }

  /** Adds or replaces a document. */
  put(id: string, vector: ParsedTsvector): void {
    this.remove(id)
    const slot = this.#free.pop() ?? this.#documents.length
    this.#documents[slot] = { id, lexemes: vector.lexemes, length: vector.lexemes.length }
    this.#slots.set(id, slot)
    for (let i = 0; i < vector.lexemes.length; i++) {
      const lexeme = vector.lexemes[i]!
      let posting = this.#postings.get(lexeme)
      if (posting === undefined) {
        posting = new Map()
        this.#postings.set(lexeme, posting)
      }
      posting.set(slot, vector.tfs[i]!)
    }
    this.#count++
    this.#totalLength += vector.lexemes.length
  }

  remove(id: string): void {
    const slot = this.#slots.get(id)
    if (slot === undefined) return
    const document = this.#documents[slot]!
    for (const lexeme of document.lexemes) {
      const posting = this.#postings.get(lexeme)
      posting?.delete(slot)
      if (posting?.size === 0) this.#postings.delete(lexeme)
    }
    this.#documents[slot] = undefined
    this.#free.push(slot)
    this.#slots.delete(id)
    this.#count--
    this.#totalLength -= document.length
  }

  /**
   * Marks the documents holding every part of the term (its sparsest part's posting, filtered by
   * the others) as candidates, each once, and returns how many hold it: the term's document
   * frequency. No list of them is made: a common word is in most documents, and a search walks
   * several.
   */
  #markMatching(term: KeywordTerm, isCandidate: Uint8Array, candidates: number[]): number {
    if (term.parts.length === 0) return 0
    const postings: Array<Map<number, number>> = []
    for (const part of term.parts) {
      const posting = this.#postings.get(part)
      if (posting === undefined) return 0
      postings.push(posting)
    }
    if (postings.length > 1) postings.sort((a, b) => a.size - b.size)
    const sparsest = postings[0]!
    let count = 0
    for (const slot of sparsest.keys()) {
      let holdsAll = true
      for (let i = 1; i < postings.length && holdsAll; i++) holdsAll = postings[i]!.has(slot)
      if (!holdsAll) continue
      count++
      if (isCandidate[slot] === 1) continue
      isCandidate[slot] = 1
      candidates.push(slot)
    }
    return count
  }

  /**
   * Okapi BM25 of every document matching a term: the same sums as the SQL keyword leg
   * (`searchKeyword`) over the same statistics, but exact rather than cached. Scores accumulate
   * along the terms' postings; only the best `depth` come sorted (best first, ties by id), the
   * rest only if the caller asks (`RankedDocuments.rest`). Each term weighs its idf raised to
   * `idfExponent` (1: Okapi BM25; `SearchOptions.idfExponent`).
   */
  rank(terms: readonly KeywordTerm[], depth: number, idfExponent = 1): RankedDocuments {
    const matched: Array<{ posting: Map<number, number> | undefined; idf: number }> = []
    const candidates: number[] = []
    const isCandidate = new Uint8Array(this.#documents.length)
    for (const term of terms) {
      const frequency = this.#markMatching(term, isCandidate, candidates)
      if (frequency === 0) continue
      matched.push({
        posting: this.#postings.get(term.lexeme),
        idf: bm25Idf(this.#count, frequency) ** idfExponent,
      })
    }
    if (matched.length === 0) return { head: [], rest: () => [] }
    const avgLength = Math.max(1, this.#totalLength / this.#count)
    const scores = new Float64Array(this.#documents.length)
    const documents = this.#documents
    for (const { posting, idf } of matched) {
      if (posting === undefined) continue
      posting.forEach((tf, slot) => {
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * documents[slot]!.length) / avgLength)
        scores[slot] = scores[slot]! + (idf * tf * (BM25_K1 + 1)) / (tf + norm)
      })
    }
    return selectRanked(candidates, scores, (slot) => documents[slot]!.id, depth)
  }

  /**
   * BM25 exactly as the SQL keyword leg ranks (`searchKeyword` with its maintained statistics,
   * scored by `rankMatchedRows`), to the last bit of every score: the terms no document matches
   * are dropped; a term's document frequency is the count of documents holding all its parts;
   * the corpus is every document held (`rows`: at least the largest frequency) and its mean
   * length; and each document's sum is taken in the order its `tsvector` lists its lexemes (the
   * order `rankMatchedRows` adds them in), which is why the terms are walked in that order.
   * The best `depth` come sorted (ties by id), the others on demand.
   */
  rankAsSql(terms: readonly KeywordTerm[], depth: number, idfExponent = 1): RankedDocuments {
    const matched: Array<{ lexeme: string; frequency: number }> = []
    const candidates: number[] = []
    const isCandidate = new Uint8Array(this.#documents.length)
    for (const term of terms) {
      const frequency = this.#markMatching(term, isCandidate, candidates)
      if (frequency > 0) matched.push({ lexeme: term.lexeme, frequency })
    }
    if (matched.length === 0) return { head: [], rest: () => [] }
    const rows = Math.max(this.#count, ...matched.map((term) => term.frequency))
    const avgLength = this.#count > 0 ? Math.max(1, this.#totalLength / this.#count) : 1
    const scores = new Float64Array(this.#documents.length)
    const documents = this.#documents
    const seen = new Set<string>()
    for (const { lexeme, frequency } of matched.sort((a, b) => tsvectorOrder(a.lexeme, b.lexeme))) {
      // A query naming a word twice weighs it once, as the SQL leg's lexeme filter does.
      if (seen.has(lexeme)) continue
      seen.add(lexeme)
      const posting = this.#postings.get(lexeme)
      if (posting === undefined) continue
      const idf = bm25Idf(rows, frequency) ** idfExponent
      posting.forEach((tf, slot) => {
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * documents[slot]!.length) / avgLength)
        scores[slot] = scores[slot]! + (idf * tf * (BM25_K1 + 1)) / (tf + norm)
      })
    }
    return selectRanked(candidates, scores, (slot) => documents[slot]!.id, depth)
  }
}

import type { LocomoTurn } from './LocomoData.js'

const K1 = 1.2
const B = 0.75

const words = (text: string): string[] =>
  (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.length > 2)

/**
 * When each question of a conversation was asked, for data whose questions are turns taken out of
 * it (RealMem: the user's message, with the assistant's reply left in place): a question is placed
 * in the gap (a missing dia id) whose following turn, the reply, it matches best by BM25 over the
 * conversation's turns, each gap holding one question (best pairs first). Its instant is just
 * before the reply's. Questions left without a gap, and every question of a conversation without
 * gaps (LoCoMo: questions written after the fact), get null: asked after the whole conversation.
 */
export function placeQuestions(
  turns: readonly LocomoTurn[],
  questions: readonly string[],
): Array<Date | null> {
  const at = new Map(turns.map((turn, index) => [turn.diaId, index]))
  const replies: number[] = []
  for (const [index, turn] of turns.entries()) {
    const match = /^D(\d+):(\d+)$/.exec(turn.diaId)
    if (!match || turn.createdAt === null) continue
    const before = `D${match[1]}:${Number(match[2]) - 1}`
    if (Number(match[2]) > 1 && !at.has(before)) replies.push(index)
  }
  const placed: Array<Date | null> = questions.map(() => null)
  if (replies.length === 0) return placed
  const docs = turns.map((turn) => {
    const counts = new Map<string, number>()
    for (const word of words(turn.text)) counts.set(word, (counts.get(word) ?? 0) + 1)
    return counts
  })
  const lengths = docs.map((doc) => [...doc.values()].reduce((sum, n) => sum + n, 0))
  const avgLength = lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, lengths.length)
  const df = new Map<string, number>()
  for (const doc of docs) for (const word of doc.keys()) df.set(word, (df.get(word) ?? 0) + 1)
  const pairs: Array<{ question: number; reply: number; score: number }> = []
  questions.forEach((question, qi) => {
    const terms = new Set(words(question))
    for (const reply of replies) {
      let score = 0
      for (const term of terms) {
        const tf = docs[reply]!.get(term)
        if (!tf) continue
        const idf = Math.log(1 + (docs.length - df.get(term)! + 0.5) / (df.get(term)! + 0.5))
        score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[reply]!) / avgLength))
      }
      pairs.push({ question: qi, reply, score })
    }
  })
  pairs.sort((a, b) => b.score - a.score || a.question - b.question || a.reply - b.reply)
  const taken = new Set<number>()
  for (const { question, reply } of pairs) {
    if (placed[question] !== null || taken.has(reply)) continue
    taken.add(reply)
    placed[question] = new Date(turns[reply]!.createdAt!.getTime() - 1)
  }
  return placed
}

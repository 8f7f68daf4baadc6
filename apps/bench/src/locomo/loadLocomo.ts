import type { LocomoConversation, LocomoData, LocomoQuestion, LocomoTurn } from './LocomoData.js'
import { parseSessionDate } from './parseSessionDate.js'
import { placeQuestions } from './placeQuestions.js'

/** Between two sessions of one day: more than the conversation-neighbourhood window. */
const SESSION_GAP_MS = 60 * 60_000

interface RawTurn {
  speaker?: unknown
  dia_id?: unknown
  text?: unknown
  blip_caption?: unknown
}

/**
 * Reads LoCoMo's shape (a list of `{sample_id, conversation, qa}`) into turns and questions.
 * Evidence ids are split on `;`/`,`/spaces and normalised (`D:11:26` → `D11:26`); ids that name
 * no turn are counted and dropped, and questions left without evidence are not evaluated.
 */
export function loadLocomo(json: unknown): LocomoData {
  if (!Array.isArray(json)) throw new Error('expected a JSON list of LoCoMo samples')
  let danglingEvidence = 0
  let questionsWithoutEvidence = 0
  const conversations: LocomoConversation[] = json.map((sample: Record<string, unknown>, index) => {
    const conversation = sample.conversation as Record<string, unknown> | undefined
    if (!conversation || typeof conversation !== 'object')
      throw new Error(`sample ${index} has no conversation`)
    const turns: LocomoTurn[] = []
    const sessions = Object.keys(conversation)
      .map((key) => /^session_(\d+)$/.exec(key))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b)
    // Sessions dated only by day (RealMem) can share a date: a later one starts after the earlier
    // one ends, as it did, so no two turns of a conversation are stamped the same instant.
    let previousEnd: Date | null = null
    for (const session of sessions) {
      const list = conversation[`session_${session}`]
      if (!Array.isArray(list)) continue
      const sessionDate = String(conversation[`session_${session}_date_time`] ?? '')
      const parsed = parseSessionDate(sessionDate)
      const start: Date | null =
        parsed && previousEnd && parsed.getTime() <= previousEnd.getTime()
          ? new Date(previousEnd.getTime() + SESSION_GAP_MS)
          : parsed
      if (start) previousEnd = new Date(start.getTime() + list.length * 1000)
      list.forEach((raw: RawTurn, position) => {
        if (typeof raw.dia_id !== 'string' || typeof raw.text !== 'string') return
        turns.push({
          diaId: raw.dia_id,
          speaker: typeof raw.speaker === 'string' ? raw.speaker : '?',
          text: raw.text,
          imageCaption:
            typeof raw.blip_caption === 'string' && raw.blip_caption.trim() ? raw.blip_caption.trim() : null,
          session,
          sessionDate,
          createdAt: start ? new Date(start.getTime() + position * 1000) : null,
        })
      })
    }
    const known = new Set(turns.map((t) => t.diaId))
    const questions: LocomoQuestion[] = []
    const asked = (sample.qa as Array<Record<string, unknown>> | undefined) ?? []
    const askedAt = placeQuestions(
      turns,
      asked.map((qa) => (typeof qa.question === 'string' ? qa.question : '')),
    )
    for (const [qi, qa] of asked.entries()) {
      if (typeof qa.question !== 'string') continue
      const evidence = new Set<string>()
      for (const entry of Array.isArray(qa.evidence) ? qa.evidence : []) {
        for (const part of String(entry)
          .split(/[;,\s]+/)
          .filter(Boolean)) {
          const m = /^D:?(\d+):(\d+)$/.exec(part)
          const id = m ? `D${m[1]}:${m[2]}` : part
          if (known.has(id)) evidence.add(id)
          else danglingEvidence++
        }
      }
      if (evidence.size === 0) {
        questionsWithoutEvidence++
        continue
      }
      questions.push({
        question: qa.question,
        category: String(qa.category ?? '?'),
        evidence: [...evidence],
        askedAt: askedAt[qi] ?? null,
      })
    }
    return { sampleId: String(sample.sample_id ?? `sample-${index}`), turns, questions }
  })
  return { conversations, danglingEvidence, questionsWithoutEvidence }
}

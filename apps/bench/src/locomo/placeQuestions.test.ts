import { describe, expect, it } from 'vitest'
import type { LocomoTurn } from './LocomoData.js'
import { placeQuestions } from './placeQuestions.js'

const turn = (diaId: string, text: string, seconds: number): LocomoTurn => ({
  diaId,
  speaker: diaId.endsWith('1') || diaId.endsWith('3') ? 'User' : 'Assistant',
  text,
  imageCaption: null,
  session: Number(diaId.slice(1, diaId.indexOf(':'))),
  sessionDate: '2025-12-15',
  createdAt: new Date(Date.UTC(2025, 11, 15) + seconds * 1000),
})

// Sessions 2 and 3 each lost their user's opening message (D2:1, D3:1): the questions.
const TURNS = [
  turn('D1:1', 'I want to plan a quiet trip to Kyoto in May.', 0),
  turn('D1:2', 'A quiet ryokan near the Imperial Palace would suit you.', 1),
  turn('D2:2', 'Glad the ryokan budget works; next we book the Kyoto train.', 3600),
  turn('D3:2', 'Your university fund needs 16 million yen by 2040.', 7200),
]

describe('placeQuestions', () => {
  it('places each question just before the reply it matches, one question per gap', () => {
    const placed = placeQuestions(TURNS, [
      'How much should the university fund hold?',
      'The ryokan budget is fine. What about the Kyoto train?',
      'Another question about the Kyoto train budget?',
    ])
    expect(placed[0]!.getTime()).toBe(TURNS[3]!.createdAt!.getTime() - 1)
    expect(placed[1]!.getTime()).toBe(TURNS[2]!.createdAt!.getTime() - 1)
    // Two gaps, three questions: the weaker match to a taken gap is asked after everything.
    expect(placed[2]).toBeNull()
  })

  it('places nothing in a conversation without gaps (questions written afterwards)', () => {
    expect(placeQuestions(TURNS.slice(0, 2), ['Where is the ryokan?'])).toEqual([null])
  })
})

const LONG_REPLY =
  'Here is a plan for the week. '.repeat(12) +
  'Your budget for the Kyoto stay is 30,000 to 50,000 JPY a night, in a quiet neighbourhood near the Imperial Palace. ' +
  'We can compare three ryokan next time. '.repeat(6)

/** A RealMem-shaped persona written for the tests: user–assistant sessions dated by day, long assistant replies. */
export const TINY_REALMEM = [
  {
    sample_id: 'rm-tiny',
    conversation: {
      speaker_a: 'User',
      speaker_b: 'Assistant',
      session_1_date_time: '2025-12-15',
      session_1: [
        { speaker: 'User', dia_id: 'D1:1', text: 'I want to plan a quiet solo trip to Kyoto in mid-May.' },
        { speaker: 'Assistant', dia_id: 'D1:2', text: LONG_REPLY },
      ],
      session_2_date_time: '2025-12-15',
      session_2: [
        { speaker: 'User', dia_id: 'D2:1', text: 'I started saving for the children’s university fund.' },
        { speaker: 'Assistant', dia_id: 'D2:2', text: `${LONG_REPLY} The fund target is 16,000,000 JPY.` },
      ],
    },
    qa: [
      {
        question: 'Which neighbourhood did we pick for my Kyoto stay?',
        answer: '',
        evidence: ['D1:1'],
        category: 1,
      },
      {
        question: 'How much do I need for the university fund?',
        answer: '',
        evidence: ['D2:2'],
        category: 3,
      },
    ],
  },
]

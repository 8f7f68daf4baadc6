/** A LoCoMo-shaped conversation written for the tests (two sessions, a few questions with evidence). */
export const TINY_LOCOMO = [
  {
    sample_id: 'tiny-1',
    conversation: {
      speaker_a: 'Ana',
      speaker_b: 'Ben',
      session_1_date_time: '1:56 pm on 8 May, 2023',
      session_1: [
        { speaker: 'Ana', dia_id: 'D1:1', text: 'Guess what, we adopted a puppy on Saturday!' },
        { speaker: 'Ben', dia_id: 'D1:2', text: 'No way! What breed is it?' },
        { speaker: 'Ana', dia_id: 'D1:3', text: 'A beagle. We named him Biscuit.' },
        { speaker: 'Ben', dia_id: 'D1:4', text: 'I started pottery classes at the community centre.' },
        { speaker: 'Ana', dia_id: 'D1:5', text: 'That sounds relaxing. What did you make first?' },
        { speaker: 'Ben', dia_id: 'D1:6', text: 'A lopsided bowl, but I love it.' },
      ],
      session_2_date_time: '10:00 am on 20 June, 2023',
      session_2: [
        { speaker: 'Ana', dia_id: 'D2:1', text: 'Biscuit chewed through my running shoes.' },
        { speaker: 'Ben', dia_id: 'D2:2', text: 'Ha, classic. Are you still training for the marathon?' },
        { speaker: 'Ana', dia_id: 'D2:3', text: 'Yes, the race is in Lisbon in October.' },
        { speaker: 'Ben', dia_id: 'D2:4', text: 'My sister moved to Toronto for a nursing job.' },
        { speaker: 'Ana', dia_id: 'D2:5', text: 'Tell her good luck with the winters there.' },
        { speaker: 'Ben', dia_id: 'D2:6', text: 'She already bought a huge coat.' },
      ],
    },
    qa: [
      { question: 'What kind of dog did Ana get?', answer: 'a beagle', category: 4, evidence: ['D1:3'] },
      { question: 'What did Ben make in pottery class?', answer: 'a bowl', category: 4, evidence: ['D1:6'] },
      {
        question: 'Where is the marathon Ana is training for?',
        answer: 'Lisbon',
        category: 1,
        evidence: ['D2:2', 'D2:3'],
      },
      { question: 'Why did Ben’s sister move?', answer: 'a nursing job', category: 2, evidence: ['D2:4'] },
    ],
  },
]

/**
 * Questions no personal conversation answers, for checking that `memory_search` says it found
 * nothing (the threshold's other side). Deliberately ordinary wording: they share function words
 * and everyday nouns with any chat.
 */
export const OFF_TOPIC_QUESTIONS: readonly string[] = [
  'What is the boiling point of mercury in kelvin?',
  'How do I configure an ingress controller on Kubernetes?',
  'Which club won the 1999 Champions League final?',
  'What is the derivative of the natural logarithm?',
  'How many moons does Neptune have?',
  'What is the capital city of Mongolia?',
  'How do I rotate the TLS certificates of a Postgres replica?',
  'Who wrote the Brothers Karamazov?',
  'What is the torque spec for a bicycle stem bolt?',
  'Which enzyme breaks down lactose?',
  'How does a Bloom filter estimate its false positive rate?',
  'What year did the Byzantine empire fall?',
  'What is the exchange rate between the yen and the euro?',
  'How do I compile a Rust crate for WebAssembly?',
  'What is the atomic number of tungsten?',
  'Which planet has the longest day?',
  'How do I reset the firmware of a Cisco router?',
  'What is the speed of sound in seawater?',
  'Who designed the Sagrada Familia?',
  'What is the time complexity of heapsort?',
]

import type { Rng } from './createRng.js'

const WORDS = (
  'user prefers coffee tea morning evening meeting project deadline travel flight hotel budget ' +
  'report design review code deploy server database memory search vector index query latency ' +
  'garden music concert book novel recipe dinner lunch family friend birthday gift weekend hike ' +
  'running cycling swimming yoga doctor appointment insurance invoice contract client vendor ' +
  'language python typescript rust postgres backup restore migration schema release version'
).split(' ')

/** A sentence-like string of about `length` characters, deterministic from the generator. */
export function synthesizeText(rng: Rng, length: number): string {
  const parts: string[] = []
  let size = 0
  while (size < length) {
    const word = WORDS[rng.int(WORDS.length)]!
    parts.push(word)
    size += word.length + 1
  }
  return `${parts.join(' ')}.`
}

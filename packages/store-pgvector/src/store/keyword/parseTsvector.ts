/** A document's lexemes with their term frequencies, as the keyword index holds them. */
export interface ParsedTsvector {
  lexemes: string[]
  /** Occurrences of each lexeme: its position count (at most 256, Postgres's cap), or 1 without positions. */
  tfs: number[]
}

/**
 * Parses a `tsvector`'s text form (`'lex':1,4A 'it''s':2`): reading `search::text` and parsing it
 * here is several times cheaper than unnesting every vector in SQL. Quotes and backslashes in a
 * lexeme come doubled (`tsvectorout`).
 */
export function parseTsvector(text: string): ParsedTsvector {
  const lexemes: string[] = []
  const tfs: number[] = []
  let i = 0
  const n = text.length
  while (i < n) {
    if (text[i] !== "'") {
      i++
      continue
    }
    i++
    let lexeme = ''
    let start = i
    while (i < n) {
      const c = text[i]
      if (c !== "'" && c !== '\\') {
        i++
        continue
      }
      lexeme += text.slice(start, i)
      // A doubled quote or backslash stands for itself; a lone quote ends the lexeme.
      if (text[i + 1] === c) {
        lexeme += c
        i += 2
        start = i
        continue
      }
      if (c === "'") break
      i++
      start = i
    }
    if (i >= n) lexeme += text.slice(start, i)
    i++
    let tf = 1
    if (text[i] === ':') {
      i++
      while (i < n && text[i] !== ' ') {
        if (text[i] === ',') tf++
        i++
      }
    }
    lexemes.push(lexeme)
    tfs.push(tf)
  }
  return { lexemes, tfs }
}

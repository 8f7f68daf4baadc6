/**
 * A query lexeme and what the SQL keyword leg matches it by: `plainto_tsquery('simple', lexeme)`,
 * i.e. a document holds every one of `parts` (usually just the lexeme; a compound such as
 * `e-mail` also needs `e` and `mail`; no parts matches nothing).
 */
export interface KeywordTerm {
  lexeme: string
  parts: string[]
}

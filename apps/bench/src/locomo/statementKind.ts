/**
 * A readable name for a statement the keyword leg sends (for the bench's breakdown): its role is
 * recognized from the statement's opening, anything else is `other`.
 */
export function statementKind(text: string): string {
  const head = text.trimStart()
  if (/^BEGIN\b/i.test(head)) return 'BEGIN'
  if (/^COMMIT\b/i.test(head)) return 'COMMIT'
  // Maintained statistics (`keywordStatistics`) or counted ones (`documentFrequencies`).
  if (/^WITH q AS\b/.test(head) || /^SELECT t\.lexeme\b/.test(head)) return 'BM25 statistics'
  if (/\bs\.score FROM memories m\b/.test(head)) return 'scoring pass'
  if (/^SELECT to_regclass\b/.test(head)) return 'catalog look-up'
  return 'other'
}

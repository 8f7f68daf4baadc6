/** W3's skewed mix of users: one namespace holds a fifth of the rows and gets every fifth query. */
export interface SkewedNamespaces {
  /** Rows of the big namespace (`ns-big`). */
  bigRows: number
  namespaceOf(row: number): string
  namespaceOfQuery(query: number): string
}

const pad = (i: number) => `ns-${String(i).padStart(4, '0')}`

/** `rows` rows over `namespaces` namespaces: `ns-big` with 20% of them, the rest spread evenly. */
export function skewedNamespaces(rows: number, namespaces: number): SkewedNamespaces {
  const bigRows = Math.floor(rows * 0.2)
  return {
    bigRows,
    namespaceOf: (i) => (i < bigRows ? 'ns-big' : pad(i % (namespaces - 1))),
    namespaceOfQuery: (q) => (q % 5 === 0 ? 'ns-big' : pad((q * 7) % (namespaces - 1))),
  }
}

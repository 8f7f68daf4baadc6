/** pgvector's text form `[x,y,…]`, as the text-protocol paths (and the peers) send it. */
export function vectorLiteral(values: ArrayLike<number>): string {
  return `[${Array.prototype.join.call(values, ',')}]`
}

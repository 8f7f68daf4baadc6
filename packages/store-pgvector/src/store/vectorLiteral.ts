/** pgvector's text form of a vector (`[1,2,3]`), bound as a parameter and cast with `::vector`. */
export function vectorLiteral(vector: Float32Array): string {
  return `[${Array.prototype.join.call(vector, ',')}]`
}

import { halfvecKey } from '../../indexes/halfvecKey.js'
import type { AnnIndex } from './AnnIndex.js'

/**
 * The ORDER BY expression that lets the planner walk `index` for the nearest rows of `column` to
 * `vector` (a bound query vector): each index answers only to the expression it was built on.
 */
export function annOrder(column: string, vector: string, index: AnnIndex, dimensions: number): string {
  return index === 'namespace'
    ? `${halfvecKey(column, dimensions)} <=> ${halfvecKey(vector, dimensions)}`
    : `${column} <=> ${vector}`
}

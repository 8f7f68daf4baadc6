import { memoryColumnsSelect } from '../memoryColumnsSelect.js'

const vector = (column: string) => `encode(vector_send(${column}), 'base64')`

/**
 * The statement of one export page: `$1` the namespace, `$2` the limit, `$3` (with `after`) the
 * last id of the previous page. Read by the primary key (`namespace, id`), so every page costs
 * the same wherever it starts; chunks come with their memory; vectors as base64 of `vector_send`
 * (text is cheap on PGlite).
 */
export function exportPageStatement(vectors: boolean, after: boolean): string {
  const chunkFields = vectors ? `'embedding', ${vector('c.embedding')}, ` : ''
  return `SELECT ${memoryColumnsSelect('$1')}, m.valid_to_stamped,
      ${vectors ? vector('m.embedding') : 'NULL::text'} AS vector,
      (SELECT coalesce(json_agg(json_build_object(${chunkFields}'idx', c.idx, 'text', c.text) ORDER BY c.idx), '[]')
         FROM memory_chunks c WHERE c.namespace = $1 AND c.memory_id = m.id) AS chunk_list
     FROM memories m WHERE m.namespace = $1${after ? ' AND m.id > $3' : ''}
     ORDER BY m.id LIMIT $2`
}

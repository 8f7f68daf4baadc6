import type { MemoryInput } from '../../model/MemoryInput.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RememberResult } from '../MemoryService.js'
import { writeMany } from './writeMany.js'

/** `MemoryService.remember`: one write, deduplicated against the namespace, with its near-duplicates (see `writeMany`). */
export async function remember(
  context: ServiceContext,
  namespace: string,
  input: MemoryInput,
): Promise<RememberResult> {
  const [result] = await writeMany(context, namespace, [input], false, { dedup: true, similar: true })
  return result!
}

import { ValidationError } from '../../errors/ValidationError.js'
import type { MemoryInput } from '../../model/MemoryInput.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RememberManyOptions, RememberResult } from '../MemoryService.js'
import { writeMany } from './writeMany.js'

/** `MemoryService.rememberMany`: a batch (see `writeMany`); errors name the input's index; `bulk` ends a bulk load. */
export async function rememberMany(
  context: ServiceContext,
  namespace: string,
  inputs: MemoryInput[],
  options: RememberManyOptions = {},
): Promise<RememberResult[]> {
  if (!Array.isArray(inputs)) throw new ValidationError(['inputs: expected an array of memories'])
  const results = await writeMany(context, namespace, inputs, true, {
    dedup: true,
    similar: options?.similar === true,
  })
  if (options?.bulk === true) await context.store.afterBulkLoad?.(namespace)
  return results
}

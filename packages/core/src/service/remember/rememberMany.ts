import { ValidationError } from '../../errors/ValidationError.js'
import type { MemoryInput } from '../../model/MemoryInput.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RememberResult } from '../MemoryService.js'
import { writeMany } from './writeMany.js'

/** `MemoryService.rememberMany`: a batch, embedded and stored together; errors name the input's index. */
export async function rememberMany(
  context: ServiceContext,
  namespace: string,
  inputs: MemoryInput[],
): Promise<RememberResult[]> {
  if (!Array.isArray(inputs)) throw new ValidationError(['inputs: expected an array of memories'])
  return writeMany(context, namespace, inputs, true, { dedup: true })
}

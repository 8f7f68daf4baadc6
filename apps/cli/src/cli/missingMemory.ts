import { CliFailure } from './CliFailure.js'

/** The one way every by-id command reports an id the namespace does not have. */
export function missingMemory(id: string, namespace: string, purpose = ''): CliFailure {
  return new CliFailure(`no memory ${id} in namespace ${namespace}${purpose}`, { reason: 'not_found' })
}

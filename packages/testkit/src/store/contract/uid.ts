let serial = 0

/** Unique per call so cases never see each other's rows (ids are unique across namespaces). */
export function uid(prefix: string): string {
  serial += 1
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${serial}`
}

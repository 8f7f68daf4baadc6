import type { z } from 'zod'

/** Zod issues as short sentences naming the field (`tags[2]: Too big: …`), with an optional prefix. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): string[] {
  return issues.map((issue) => {
    let path = prefix
    for (const key of issue.path) {
      path += typeof key === 'number' ? `[${key}]` : path === '' ? String(key) : `.${String(key)}`
    }
    return path === '' ? issue.message : `${path}: ${issue.message}`
  })
}

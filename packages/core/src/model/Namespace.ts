import { z } from 'zod'
import { namespaceProblems } from './namespaceProblems.js'

/** A namespace: the rules of `namespaceProblems`, one issue per rule broken. */
export const NamespaceSchema = z.string().superRefine((value, context) => {
  for (const message of namespaceProblems(value)) context.addIssue({ code: 'custom', message })
})

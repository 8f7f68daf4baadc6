// `@agent-memory/core/checks`: the argument checks a command line runs before it does anything,
// without zod or the service. The main entry costs a short-lived process (one `agent-memory
// search` answered by a store server) more to import than the whole answer takes.
export { checkDate } from './model/checkDate.js'
export { namespaceProblems } from './model/namespaceProblems.js'
export { TIERS, type Tier } from './model/Tier.js'

#!/usr/bin/env node
// The READMEs' and guides' TypeScript examples, as written, for the SDK type matrix: writes each example into a
// fixture as `readme-<name>.ts` (a typed prelude declaring what the example takes from its
// surroundings — `model`, `session`, `messages` — then the README block byte for byte), so a README
// edit that stops compiling turns scripts/check-sdk-matrix.sh red. Copies kept by hand drift; these
// cannot. It also fails when a ```ts block of these READMEs is checked by no entry below.
//   node scripts/readme-examples.mjs <fixture dir> <name>...   writes readme-<name>.ts files
//   node scripts/readme-examples.mjs --coverage                 every block has an entry
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TOOL_README = 'packages/tool-memory-search/README.md'
const ROOT_README = 'README.md'
const EMBEDDER_README = 'packages/embedder-ai-sdk/README.md'
const OBSERVE_README = 'packages/observe/README.md'
const EMBEDDER_GUIDE = 'docs/choosing-an-embedder.md'
const POSTGRES_GUIDE = 'docs/postgres.md'
const EMBEDDED_GUIDE = 'docs/embedded-store.md'
const CONVERSATIONS_GUIDE = 'docs/conversations.md'
const LANGGRAPH_README = 'packages/langgraph/README.md'
// The guides under docs/ are held to the same rule: every ts block compiles as written.
const READMES = [
  ROOT_README,
  TOOL_README,
  EMBEDDER_README,
  OBSERVE_README,
  EMBEDDER_GUIDE,
  POSTGRES_GUIDE,
  EMBEDDED_GUIDE,
  CONVERSATIONS_GUIDE,
  LANGGRAPH_README,
]

const memory = "declare const memory: import('@agent-memory/core').MemoryService"
const session = 'declare const session: { userId: string }'
// What wrapLanguageModel takes in this fixture's ai version (LanguageModelV3 in ai 6, V2 to V4 in ai 7).
const wrappableModel = "declare const model: Parameters<typeof import('ai').wrapLanguageModel>[0]['model']"

/**
 * name → the block (README, heading line, n-th ```ts block under it) and its prelude. The fixture
 * that type-checks each name is in check-sdk-matrix.sh; the SDK versions are that fixture's.
 */
const EXAMPLES = {
  'openai-chat': {
    readme: TOOL_README,
    heading: '## OpenAI',
    block: 1,
    prelude: [
      "declare const openai: import('openai').default",
      'declare const model: string',
      "declare const messages: import('openai').default.ChatCompletionMessageParam[]",
      memory,
      session,
    ],
  },
  'openai-responses': {
    readme: TOOL_README,
    heading: '## OpenAI',
    block: 2,
    prelude: [
      "declare const openai: import('openai').default",
      'declare const model: string',
      'declare const input: string',
      memory,
      session,
    ],
  },
  anthropic: {
    readme: TOOL_README,
    heading: '## Anthropic',
    block: 1,
    prelude: [
      "declare const anthropic: import('@anthropic-ai/sdk').default",
      'declare const model: string',
      "declare const messages: import('@anthropic-ai/sdk').default.MessageParam[]",
      memory,
      session,
    ],
  },
  'ai-sdk-tools': {
    readme: TOOL_README,
    heading: '## Vercel AI SDK (ai 5, 6 and 7)',
    block: 1,
    prelude: ["declare const model: import('ai').LanguageModel", memory, session],
  },
  'ai-sdk-library': {
    readme: ROOT_README,
    heading: '## Give an agent memory: the AI SDK tool',
    block: 1,
    prelude: ["declare const model: import('ai').LanguageModel", session],
  },
  // @agent-memory/observe's peer is ai 6 or 7, so only the ai 6 and ai 7 fixtures list the observe examples.
  'ai-sdk-observe': {
    readme: ROOT_README,
    heading: '## Automatic memory: the middleware and `observe`',
    block: 1,
    prelude: [
      "declare const store: import('@agent-memory/store-pgvector').PgVectorStore",
      "declare const embedder: import('@agent-memory/core').Embedder",
      wrappableModel,
      "declare const messages: import('ai').ModelMessage[]",
      session,
    ],
  },
  'observe-report': {
    readme: OBSERVE_README,
    heading: '# @agent-memory/observe',
    block: 1,
    prelude: [
      "declare const model: import('ai').LanguageModel",
      "declare const messages: import('ai').ModelMessage[]",
      memory,
      session,
    ],
  },
  'observe-middleware': {
    readme: OBSERVE_README,
    heading: '## Automatic recall: the AI SDK middleware',
    block: 1,
    prelude: [wrappableModel, "declare const messages: import('ai').ModelMessage[]", memory, session],
  },
  // With the fixture's @ai-sdk/openai (2 for ai 5, 3 for ai 6, 4 for ai 7).
  'embedder-ai-sdk': {
    readme: EMBEDDER_README,
    heading: '# @agent-memory/embedder-ai-sdk',
    block: 1,
    prelude: ["declare const store: import('@agent-memory/store-pgvector').PgVectorStore"],
  },
  // Reranking needs ai 6 or later: checked in the ai 6 and ai 7 fixtures, with their @ai-sdk/cohere.
  'embedder-reranker': {
    readme: EMBEDDER_README,
    heading: '## Reranking',
    block: 1,
    prelude: [
      "import { createMemory } from '@agent-memory/core'",
      "declare const store: import('@agent-memory/store-pgvector').PgVectorStore",
      "declare const embedder: import('@agent-memory/core').Embedder",
    ],
  },
  // Real values, not declarations: mcp.ts spawns this file as its server, so the README's MCP
  // example also runs as written.
  mcp: {
    readme: TOOL_README,
    heading: '## MCP',
    block: 1,
    prelude: ["import { seededMemory } from './memory.js'", 'const { memory } = await seededMemory()'],
  },
  'plain-function': {
    readme: TOOL_README,
    heading: '## Plain function',
    block: 1,
    prelude: ['declare const toolCallArguments: unknown', memory, session],
  },
  'read-replica': {
    readme: POSTGRES_GUIDE,
    heading: '## Read replicas',
    block: 1,
    prelude: [],
  },
  'guide-postgres-setup': { readme: POSTGRES_GUIDE, heading: '## Setup', block: 1, prelude: [] },
  'guide-embedded': { readme: EMBEDDED_GUIDE, heading: '## From code', block: 1, prelude: [] },
  'guide-ranking': {
    readme: EMBEDDER_GUIDE,
    heading: '## Re-tuning the ranking for your embedder',
    block: 1,
    prelude: [],
  },
  // With the ai fixtures, which carry the OpenRouter embedder's tarball.
  'guide-openrouter': {
    readme: EMBEDDER_GUIDE,
    heading: '## OpenRouter, or any OpenAI-compatible server',
    block: 1,
    prelude: [],
  },
  'guide-middleware': {
    readme: CONVERSATIONS_GUIDE,
    heading: '## The middleware: recall in, observe after',
    block: 1,
    prelude: [wrappableModel, "declare const messages: import('ai').ModelMessage[]", memory, session],
  },
  'guide-observe': {
    readme: CONVERSATIONS_GUIDE,
    heading: '## `observe`: a report of every decision',
    block: 1,
    prelude: [
      "declare const model: import('ai').LanguageModel",
      "declare const messages: import('ai').ModelMessage[]",
      memory,
      session,
    ],
  },
  // The framework legs (scripts/sdk-matrix/framework-fixtures.sh).
  'openai-agents': {
    readme: TOOL_README,
    heading: '## OpenAI Agents SDK',
    block: 1,
    prelude: [memory, session],
  },
  langgraph: {
    readme: LANGGRAPH_README,
    heading: '# @agent-memory/langgraph',
    block: 1,
    prelude: [
      "declare const model: import('@langchain/core/language_models/chat_models').BaseChatModel",
      session,
    ],
  },
}

/** Every ```ts block of a Markdown text with the heading above it and its ordinal under that heading. */
function tsBlocks(markdown) {
  const blocks = []
  let heading = ''
  let fence = null
  for (const line of markdown.split('\n')) {
    if (fence !== null) {
      if (/^```\s*$/.test(line)) {
        blocks.push(fence)
        fence = null
      } else fence.lines.push(line)
      continue
    }
    const open = /^```(\w*)/.exec(line)
    if (open !== null) {
      const ordinal = blocks.filter((b) => b.heading === heading && b.ts).length + 1
      fence = { heading, ts: open[1] === 'ts' || open[1] === 'typescript', ordinal, lines: [] }
      continue
    }
    if (/^#{1,6} /.test(line)) heading = line.trim()
  }
  return blocks.filter((b) => b.ts)
}

const readmeBlocks = new Map(
  READMES.map((file) => [file, tsBlocks(readFileSync(path.join(ROOT, file), 'utf8'))]),
)

function blockOf(name) {
  const example = EXAMPLES[name]
  if (example === undefined) throw new Error(`readme-examples: no example named ${name}`)
  const found = readmeBlocks
    .get(example.readme)
    .find((b) => b.heading === example.heading && b.ordinal === example.block)
  if (found === undefined) {
    throw new Error(
      `readme-examples: ${example.readme} has no ts block ${example.block} under "${example.heading}" (moved or renamed? update EXAMPLES in scripts/readme-examples.mjs)`,
    )
  }
  return found.lines.join('\n')
}

/**
 * The prelude without the names the block imports itself: a README that gains an import the prelude
 * supplied would otherwise fail with a duplicate identifier, not for anything a reader would hit.
 */
function withoutImportsOf(code, prelude) {
  const imported = new Set(
    [...code.matchAll(/^import \{([^}]*)\} from/gm)].flatMap((m) => m[1].split(',').map((n) => n.trim())),
  )
  return prelude.flatMap((line) => {
    const named = /^import \{([^}]*)\} from (.+)$/.exec(line)
    if (named === null) return [line]
    const kept = named[1]
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '' && !imported.has(n))
    return kept.length === 0 ? [] : [`import { ${kept.join(', ')} } from ${named[2]}`]
  })
}

const [first, ...rest] = process.argv.slice(2)
if (first === '--coverage') {
  const unchecked = []
  for (const [file, blocks] of readmeBlocks) {
    for (const b of blocks) {
      const covered = Object.values(EXAMPLES).some(
        (e) => e.readme === file && e.heading === b.heading && e.block === b.ordinal,
      )
      if (!covered) unchecked.push(`${file}: "${b.heading}" ts block ${b.ordinal}`)
    }
  }
  for (const name of Object.keys(EXAMPLES)) blockOf(name)
  if (unchecked.length > 0) {
    console.error(`readme-examples: no fixture type-checks:\n  ${unchecked.join('\n  ')}`)
    process.exit(1)
  }
  console.log(
    `readme-examples: all ${Object.keys(EXAMPLES).length} ts blocks of ${READMES.join(', ')} are checked`,
  )
} else if (first !== undefined && rest.length > 0) {
  for (const name of rest) {
    const { readme, heading, block, prelude } = EXAMPLES[name] ?? {}
    const code = blockOf(name)
    const text = [
      `// ${readme}, ${heading}, ts block ${block}: generated by scripts/readme-examples.mjs. What the`,
      '// example takes from its surroundings is declared first; then the README block, as written.',
      ...withoutImportsOf(code, prelude ?? []),
      `// ---- ${readme} ----`,
      code,
      'export {}',
      '',
    ].join('\n')
    writeFileSync(path.join(first, `readme-${name}.ts`), text)
  }
} else {
  console.error('usage: readme-examples.mjs <fixture dir> <name>... | --coverage')
  process.exit(2)
}

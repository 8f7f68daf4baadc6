import type { CommandEntry } from '../cli/CommandEntry.js'

/**
 * Every command, in help order. The summaries repeat what each register function declares;
 * `lazyCommands.test.ts` fails when the two differ.
 */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'init',
    arguments: '',
    description: 'create or migrate the store; prints where it is and which embedder it records',
    options: true,
    load: async () => (await import('./registerInitCommand.js')).registerInitCommand,
  },
  {
    name: 'remember',
    arguments: '<text>',
    description: 'store one memory; prints its id (or the id it reinforced)',
    options: true,
    load: async () => (await import('./registerRememberCommand.js')).registerRememberCommand,
  },
  {
    name: 'ingest',
    arguments: '<paths...>',
    description:
      'remember the contents of .md, .markdown, .txt, .jsonl files; re-runs skip unchanged content',
    options: true,
    load: async () => (await import('./registerIngestCommand.js')).registerIngestCommand,
  },
  {
    name: 'observe',
    arguments: '<transcript>',
    description:
      'extract memories from a conversation with a chat model: add, reinforce, supersede or ignore',
    options: true,
    load: async () => (await import('./registerObserveCommand.js')).registerObserveCommand,
  },
  {
    name: 'search',
    arguments: '<query>',
    description:
      'ranked memories for a query, with rank scores (fused legs × modifier, not cosines) and dates',
    options: true,
    load: async () => (await import('./registerSearchCommand.js')).registerSearchCommand,
  },
  {
    name: 'list',
    arguments: '',
    description: 'memories of a namespace, newest first, a page at a time',
    options: true,
    load: async () => (await import('./registerListCommand.js')).registerListCommand,
  },
  {
    name: 'get',
    arguments: '<id>',
    description: 'one memory with all its fields',
    options: true,
    load: async () => (await import('./registerGetCommand.js')).registerGetCommand,
  },
  {
    name: 'forget',
    arguments: '<id>',
    description: 'delete one memory for good (its chunks too)',
    options: true,
    load: async () => (await import('./registerForgetCommand.js')).registerForgetCommand,
  },
  {
    name: 'history',
    arguments: '<id>',
    description: 'the supersession chain through a memory, oldest first',
    options: true,
    load: async () => (await import('./registerHistoryCommand.js')).registerHistoryCommand,
  },
  {
    name: 'link',
    arguments: '<from> <to>',
    description: 'link two live memories of a namespace (both ways), or --remove the link',
    options: true,
    load: async () => (await import('./registerLinkCommand.js')).registerLinkCommand,
  },
  {
    name: 'profile',
    arguments: '',
    description:
      "the namespace's most important lasting facts within a token budget, as a prompt carries them",
    options: true,
    load: async () => (await import('./registerProfileCommand.js')).registerProfileCommand,
  },
  {
    name: 'stats',
    arguments: '',
    description:
      'counts by namespace and tier, pending and parked embeds, chunks, storage, recorded embedder, and the embedding cache of the process serving the directory',
    options: true,
    load: async () => (await import('./registerStatsCommand.js')).registerStatsCommand,
  },
  {
    name: 'export',
    arguments: '',
    description:
      'write every memory of a namespace (or of all) as JSON lines: a header, then one record per memory',
    options: true,
    load: async () => (await import('./registerExportCommand.js')).registerExportCommand,
  },
  {
    name: 'import',
    arguments: '<file>',
    description: 'write the memories of an export back, idempotent by id; bad lines are named and skipped',
    options: true,
    load: async () => (await import('./registerImportCommand.js')).registerImportCommand,
  },
  {
    name: 'erase',
    arguments: '',
    description:
      'delete every memory of a namespace for good, with its chunks, statistics, indexes and observe ledger',
    options: true,
    load: async () => (await import('./registerEraseCommand.js')).registerEraseCommand,
  },
  {
    name: 'backup',
    arguments: '<file>',
    description: 'write a consistent copy of every memory, vectors included, read in one transaction',
    options: true,
    load: async () => (await import('./registerBackupCommand.js')).registerBackupCommand,
  },
  {
    name: 'restore',
    arguments: '<file>',
    description: 'restore a backup into an empty embedded data directory (for PostgreSQL, use import)',
    options: true,
    load: async () => (await import('./registerRestoreCommand.js')).registerRestoreCommand,
  },
  {
    name: 'repair',
    arguments: '',
    description: 'embed memories stored pending (the embedder was down when they were written)',
    options: true,
    load: async () => (await import('./registerRepairCommand.js')).registerRepairCommand,
  },
  {
    name: 'reembed',
    arguments: '',
    description:
      're-embed every memory after an embedder change (resumable: run it again after an interruption)',
    options: true,
    load: async () => (await import('./registerReembedCommand.js')).registerReembedCommand,
  },
  {
    name: 'maintain',
    arguments: '',
    description:
      'remove expired memories for good, create the per-namespace vector (HNSW) indexes namespaces above the exact-search size need, drop outgrown ones',
    options: true,
    load: async () => (await import('./registerMaintainCommand.js')).registerMaintainCommand,
  },
  {
    name: 'mcp',
    arguments: '',
    description: 'serve memory_search (and memory_remember, memory_forget) over stdio for an MCP host',
    options: true,
    load: async () => (await import('./registerMcpCommand.js')).registerMcpCommand,
  },
  {
    name: 'serve',
    arguments: '',
    description:
      'hold the embedded store and serve it to other local commands (they skip the PGlite start-up) until stopped',
    options: true,
    load: async () => (await import('./registerServeCommand.js')).registerServeCommand,
  },
  {
    name: 'ui',
    arguments: '',
    description:
      'open the web inspector on 127.0.0.1 (prints the address with its access token) until stopped',
    options: true,
    load: async () => (await import('./registerUiCommand.js')).registerUiCommand,
  },
  {
    name: 'doctor',
    arguments: '',
    description:
      'check the setup (Node, data directory, PGlite or PostgreSQL and pgvector, migrations, buffer pool, autovacuum, embedder) and say how to fix what is wrong',
    options: true,
    load: async () => (await import('./registerDoctorCommand.js')).registerDoctorCommand,
  },
  {
    name: 'demo',
    arguments: '',
    description: 'a scripted walkthrough on a fresh temporary embedded store (offline, nothing kept)',
    options: true,
    load: async () => (await import('./registerDemoCommand.js')).registerDemoCommand,
  },
]

// The README's MCP server, as written, on the seeded memory (spawned by mcp.ts as a host would).
import { serveMemoryMcpOverStdio } from '@agent-memory/tool-memory-search/mcp'
import { seededMemory } from './memory.js'

const { memory } = await seededMemory()
await serveMemoryMcpOverStdio({ memory, namespace: process.env.AGENT_MEMORY_NAMESPACE!, allowWrite: true })

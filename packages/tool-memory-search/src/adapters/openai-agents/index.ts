export type { AgentsSdkMemoryToolsOptions } from './AgentsSdkMemoryToolsOptions.js'
export { memoryAgentTools } from './memoryAgentTools.js'
export { memorySearchAgentTool } from './memorySearchAgentTool.js'

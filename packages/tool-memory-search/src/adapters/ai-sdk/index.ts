export type { AiSdkMemoryToolsOptions } from './AiSdkMemoryToolsOptions.js'
export { createAiSdkTools } from './createAiSdkTools.js'
export { memorySearchTool } from './memorySearchTool.js'
export { namespaceFromExperimentalContext } from './namespaceFromExperimentalContext.js'

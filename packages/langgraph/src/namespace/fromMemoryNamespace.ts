/** The LangGraph namespace tuple of an agent-memory namespace (the inverse of `toMemoryNamespace`). */
export function fromMemoryNamespace(namespace: string): string[] {
  return namespace.split('/').map((label) => label.replaceAll('%2F', '/').replaceAll('%25', '%'))
}

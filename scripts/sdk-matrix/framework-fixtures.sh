# Sourced by check-sdk-matrix.sh: the agent frameworks' legs, in the fixtures' format (name | SDK
# packages | files to type-check | files to run | extra agent-memory tarballs), at their current majors.
fixtures+=(
  "langgraph-latest|@langchain/langgraph@latest @langchain/core@latest @langchain/langgraph-checkpoint@latest zod@^4|langgraph.ts readme-langgraph.ts|langgraph|langgraph"
  "openai-agents-latest|@openai/agents@latest zod@^4|openai-agents.ts readme-openai-agents.ts|openai-agents|"
)

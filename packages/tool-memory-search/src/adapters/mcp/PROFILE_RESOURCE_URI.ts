/** The MCP resource holding the served user's profile (one namespace per server, so one fixed URI). */
export const PROFILE_RESOURCE_URI = 'memory://profile'

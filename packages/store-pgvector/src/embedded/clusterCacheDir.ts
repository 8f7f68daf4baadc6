import { homedir } from 'node:os'
import { isAbsolute, join, resolve } from 'node:path'

/**
 * Where a pristine cluster is kept between processes (`ClusterCacheFile`) when the caller names no
 * place: `AGENT_MEMORY_CACHE_DIR` (empty: nowhere), else the platform's cache directory
 * (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on
 * Windows), under `agent-memory`.
 */
export function clusterCacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  const named = env.AGENT_MEMORY_CACHE_DIR
  if (named !== undefined) return named.trim() === '' ? undefined : resolve(named)
  const home = homedir()
  if (platform === 'win32')
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'agent-memory', 'Cache')
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'agent-memory')
  const xdg = env.XDG_CACHE_HOME
  return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, '.cache'), 'agent-memory')
}

import type { Stats } from 'node:fs'
import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { DoctorCheck } from './DoctorCheck.js'

async function writable(path: string): Promise<boolean> {
  try {
    await access(path, constants.R_OK | constants.W_OK | constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The embedded data directory: readable and writable by this user, or creatable when it does not
 * exist yet (the doctor does not create it).
 */
export async function inspectDataDir(dataDir: string): Promise<{ check: DoctorCheck; exists: boolean }> {
  const found = await stat(dataDir).catch(() => undefined)
  return { check: await judge(dataDir, found), exists: found !== undefined }
}

async function judge(dataDir: string, found: Stats | undefined): Promise<DoctorCheck> {
  if (found === undefined) {
    const parent = dirname(dataDir)
    return (await writable(parent))
      ? {
          name: 'data-dir',
          status: 'ok',
          detail: `${dataDir} does not exist yet; the first command that writes (agent-memory init) creates it`,
        }
      : {
          name: 'data-dir',
          status: 'fail',
          detail: `${dataDir} does not exist and ${parent} is not writable by this user, so it cannot be created`,
          fix: 'pass a --data-dir (or AGENT_MEMORY_DATA_DIR) in a directory you own',
        }
  }
  if (!found.isDirectory()) {
    return {
      name: 'data-dir',
      status: 'fail',
      detail: `${dataDir} is a file, not a directory`,
      fix: 'pass a --data-dir (or AGENT_MEMORY_DATA_DIR) that names a directory',
    }
  }
  if (!(await writable(dataDir))) {
    return {
      name: 'data-dir',
      status: 'fail',
      detail: `${dataDir} is not readable and writable by this user: reads open a read-only snapshot, writes fail`,
      fix: `give this user read and write access (chown -R $(id -un) ${dataDir}), or run as the user who owns it`,
    }
  }
  return { name: 'data-dir', status: 'ok', detail: `${dataDir} is readable and writable` }
}

import { accessSync, constants } from 'node:fs'
import { walkFiles } from './walkFiles.js'

/** The first path in `dataDir` (itself included) this user may not write, or undefined. */
export function firstUnwritable(dataDir: string): string | undefined {
  const writable = (path: string) => {
    try {
      accessSync(path, constants.W_OK)
      return true
    } catch {
      return false
    }
  }
  if (!writable(dataDir)) return dataDir
  let found: string | undefined
  try {
    walkFiles(dataDir, (path) => {
      if (!writable(path)) found = path
      return found === undefined
    })
  } catch (error) {
    return (error as NodeJS.ErrnoException).path ?? dataDir
  }
  return found
}

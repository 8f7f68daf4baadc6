/** The file system code when `error` says this user may not write there, else undefined. */
export function accessDenied(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? code : undefined
}

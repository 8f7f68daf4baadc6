/** The labels given with `--tag` and its synonym `--tags` (see `addTagOption`), or undefined if neither. */
export function tagsFrom(flags: { tag?: string[]; tags?: string[] }): string[] | undefined {
  if (flags.tag === undefined && flags.tags === undefined) return undefined
  return [...(flags.tag ?? []), ...(flags.tags ?? [])]
}

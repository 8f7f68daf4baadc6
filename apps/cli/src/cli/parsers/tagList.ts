import { InvalidArgumentError } from 'commander'

// Commander reports a thrown InvalidArgumentError as a usage error (exit code 2) naming the option.

/** `a,b` or repeated flags: collects trimmed, non-empty labels. */
export function tagList(value: string, previous: string[] | undefined): string[] {
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '')
  if (tags.length === 0) throw new InvalidArgumentError('expected one or more comma-separated tags.')
  return [...(previous ?? []), ...tags]
}

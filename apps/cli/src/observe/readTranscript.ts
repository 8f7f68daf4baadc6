import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { CliFailure } from '../cli/CliFailure.js'
import { UsageError } from '../cli/UsageError.js'

const MAX_TRANSCRIPT_BYTES = 16 * 1024 * 1024

/**
 * A transcript file as `{ role, content, id? }` messages: `.jsonl` (one message per line, blank
 * lines skipped) or `.json` (an array of messages, or `{ "messages": [...] }`). Roles and content
 * are checked by `observe`; this only reads and parses, naming the line that does not.
 */
export async function readTranscript(file: string): Promise<unknown[]> {
  const extension = path.extname(file).toLowerCase()
  if (extension !== '.jsonl' && extension !== '.json') {
    throw new UsageError(`a transcript is a .jsonl or .json file, not ${JSON.stringify(path.basename(file))}`)
  }
  let size: number
  try {
    size = (await stat(file)).size
  } catch {
    throw new CliFailure(`cannot read ${file}`)
  }
  if (size > MAX_TRANSCRIPT_BYTES) {
    throw new CliFailure(`${file} is larger than ${MAX_TRANSCRIPT_BYTES / 1024 / 1024} MiB; split it`)
  }
  const text = await readFile(file, 'utf8')
  if (extension === '.json') {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new CliFailure(`${file} is not valid JSON`)
    }
    const messages = Array.isArray(value) ? value : (value as { messages?: unknown } | null)?.messages
    if (!Array.isArray(messages))
      throw new CliFailure(`${file} holds neither an array of messages nor { "messages": [...] }`)
    return messages
  }
  const messages: unknown[] = []
  for (const [index, line] of text.split(/\r?\n/u).entries()) {
    if (line.trim() === '') continue
    try {
      messages.push(JSON.parse(line))
    } catch {
      throw new CliFailure(`${file}:${index + 1} is not a JSON message`)
    }
  }
  return messages
}

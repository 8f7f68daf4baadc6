#!/usr/bin/env node
// Fails when a README promises what the code does not have: an `agent-memory` command or flag the
// built CLI's help does not list, or an option default that differs from the package's exported
// defaults object; when a README or a page under docs/ speaks of a machine or of the project's own
// making instead of the project (`checkProse`); when a relative link points nowhere
// (`checkLinks`); and when the root README outgrows a screen's scroll (`checkReadmeShape`). Run
// after a build: `node scripts/check-docs.mjs` (CI runs it; so does a test).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Packages whose README option defaults are checked, and the exported object that holds them. */
export const DEFAULTS_SOURCES = {
  'packages/embedder-openrouter': { module: 'dist/index.js', exportName: 'OPENROUTER_DEFAULTS' },
  'packages/store-pgvector': { module: 'dist/index.js', exportName: 'PGVECTOR_STORE_DEFAULTS' },
}

/** Commands and flags as the built CLI's `--help` lists them (hidden options are not documented). */
export function cliSurface(bin = path.join(ROOT, 'apps/cli/dist/bin.js')) {
  const help = (args) => execFileSync(process.execPath, [bin, ...args, '--help'], { encoding: 'utf8' })
  const flagsIn = (text) => new Set(text.match(/(?<![\w-])--?[a-zA-Z][\w-]*/g) ?? [])
  const top = help([])
  const commandsSection = top.slice(top.indexOf('Commands:'))
  const commands = [...commandsSection.matchAll(/^ {2}([a-z][a-z-]*)/gm)]
    .map((match) => match[1])
    .filter((name) => name !== 'help')
  const options = top.slice(top.indexOf('Options:'), top.indexOf('Commands:'))
  const global = flagsIn(options)
  const perCommand = new Map(commands.map((name) => [name, flagsIn(help([name]).split('Examples:')[0])]))
  return { commands, global, perCommand }
}

/** Code in a Markdown text: fenced blocks and inline spans, with their line numbers. */
function codeSegments(markdown) {
  const segments = []
  const lines = markdown.split('\n')
  let fence = null
  lines.forEach((line, index) => {
    if (/^\s*```/.test(line)) {
      if (fence !== null) segments.push(...fence)
      fence = fence === null ? [] : null
      return
    }
    if (fence !== null) {
      fence.push({ text: line, line: index + 1 })
      return
    }
    for (const match of line.matchAll(/`([^`]+)`/g)) segments.push({ text: match[1], line: index + 1 })
  })
  return segments
}

/** A README's `agent-memory <command> …` invocations: unknown commands and flags. */
export function checkCliMentions(file, markdown, surface) {
  const problems = []
  const isCliReadme = file.endsWith(path.join('apps', 'cli', 'README.md'))
  const known = (command, flag) =>
    surface.global.has(flag) ||
    (command === undefined
      ? [...surface.perCommand.values()].some((flags) => flags.has(flag))
      : (surface.perCommand.get(command)?.has(flag) ?? false))
  const rowCommand = new Map()
  for (const { text, line } of codeSegments(markdown)) {
    // The CLI README's command table names commands without the program name (`search <query> …`).
    const invocation = /(?:^|[\s/`'"(])agent-memory\s+([a-z][a-z-]*)(.*)$/.exec(text)
    const tableRow = isCliReadme && /^([a-z][a-z-]*)(\s+[<[-].*)?$/.exec(text)
    let command
    let rest = ''
    if (invocation !== null) {
      command = invocation[1]
      rest = invocation[2]
    } else if (tableRow && surface.commands.includes(tableRow[1])) {
      command = tableRow[1]
      rest = tableRow[2] ?? ''
    } else if (isCliReadme && /^--?[a-z]/.test(text)) {
      // A bare flag in the CLI README belongs to the command of the table row it sits in, or any command.
      command = rowCommand.get(line)
      rest = text
    } else {
      continue
    }
    if (command !== undefined && !surface.commands.includes(command) && invocation !== null) {
      problems.push(
        `${file}:${line}: \`agent-memory ${command}\` is not a command (${surface.commands.join(', ')})`,
      )
      continue
    }
    if (invocation === null && tableRow) rowCommand.set(line, command)
    for (const flag of rest.match(/(?<![\w-])--[a-z][\w-]*/g) ?? []) {
      if (!known(command, flag)) {
        problems.push(
          `${file}:${line}: ${flag} is not an option of ${command === undefined ? 'the CLI' : `\`agent-memory ${command}\``}`,
        )
      }
    }
  }
  return problems
}

/** A documented figure: a number (`10,000`), seconds (`30 s`), a boolean, a quoted literal; else undefined (prose). */
function parseFigure(text) {
  const raw = text.trim()
  if (raw === 'true' || raw === 'false') return raw === 'true'
  const seconds = /^([\d.,]+)\s*s$/.exec(raw)
  if (seconds) return { seconds: Number(seconds[1].replace(/,/g, '')) }
  if (/^[\d][\d.,]*$/.test(raw)) return Number(raw.replace(/,/g, ''))
  const quoted = /^`'?([^`']*)'?`$/.exec(raw)
  return quoted === null ? undefined : quoted[1]
}

function sameDefault(name, documented, actual) {
  if (documented !== null && typeof documented === 'object') {
    return name.endsWith('Ms') ? actual === documented.seconds * 1000 : actual === documented.seconds
  }
  return documented === actual
}

/**
 * Option defaults a README states, as "`name` (default X)" in prose or an options table with a
 * `default` column (`a` / `b` rows pair names and values), against the exported defaults object.
 */
export function checkDefaults(file, markdown, defaults) {
  const problems = []
  const claims = []
  markdown.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(
      /`(\w+)`[^`(|]{0,40}\(default (?:and maximum )?((?:[^,;)]|,(?=\d))+)/g,
    )) {
      claims.push({ name: match[1], value: match[2], line: index + 1 })
    }
  })
  const lines = markdown.split('\n')
  lines.forEach((line, index) => {
    const header = line.split('|').map((cell) => cell.trim().toLowerCase())
    const column = header.indexOf('default')
    if (!line.trim().startsWith('|') || column === -1 || !header.includes('option')) return
    for (let row = index + 2; row < lines.length && lines[row].trim().startsWith('|'); row++) {
      const cells = lines[row].split('|').map((cell) => cell.trim())
      const names = [...cells[header.indexOf('option')].matchAll(/`(\w+)`/g)].map((match) => match[1])
      const values = cells[column].split(' / ')
      if (cells[column] === '' || /^`[A-Z][A-Z0-9_]+`$/.test(cells[column])) continue // none, or an env var
      names.forEach((name, i) => {
        if (values[i] !== undefined) claims.push({ name, value: values[i], line: row + 1 })
      })
    }
  })
  for (const claim of claims) {
    const documented = parseFigure(claim.value)
    if (documented === undefined) continue
    if (!(claim.name in defaults)) {
      problems.push(
        `${file}:${claim.line}: documents a default for \`${claim.name}\`, which the exported defaults do not have`,
      )
      continue
    }
    if (!sameDefault(claim.name, documented, defaults[claim.name])) {
      problems.push(
        `${file}:${claim.line}: \`${claim.name}\` is documented as ${claim.value.trim()} but defaults to ${JSON.stringify(defaults[claim.name])}`,
      )
    }
  }
  return problems
}

/**
 * A particular machine's or account's directory. Anywhere in a page (prose or code): a project
 * checkout or a home directory (`/work/…`, `/home/<user>/…`, `/root/…`, `/Users/<user>/…`), which no
 * reader has. In prose only: a scratch or mount directory (`/tmp/…`, `/mnt/…`, `/srv/…`,
 * `/var/folders/…`), which a command a reader types may use but a sentence should not report.
 * Allowed everywhere: system paths a user types (`/usr/…`, `/etc/…`, `/var/log/…`, `/dev/null`),
 * placeholders (`/absolute/path/to/…`, `/path/to/…`) and paths relative to `~` or the checkout.
 */
const MACHINE_PATH_ANYWHERE = /(?<![\w.~$}-])\/(?:work|root|home\/[\w.-]+|Users\/[\w.-]+)\/[\w.@-]*[\w@-]/
const MACHINE_PATH_IN_PROSE = /(?<![\w.~$}-])\/(?:tmp|mnt|srv|var\/folders)\/[\w.@-]*[\w@-]/

/**
 * Issue or pull-request numbers used as history: `#16`, `before #16`, `issue 12`, `PR 40` (a
 * Unicode annex, `UAX #29`, is a reference, not history).
 */
const ISSUE_NUMBER = /(?<![\w/&\]`(-])(?<!UAX )#\d+\b|\b(?:issues?|PRs?|pull requests?)\s+#?\d+\b/i

/** The project telling how it was made, rather than what it is: who ran what, and when. */
const OWN_MAKING =
  /\b(?:(?:this|that|an? earlier|an? previous|the previous|the same|an? later|the next) (?:session|lab)s?|the lead|the issue['’]s report|earlier (?:sessions?|labs?))\b/i

/**
 * Sentences that speak of the project's making or of a machine, line by line: machine directories
 * (in code too), issue numbers as history and accounts of how the project was made (in prose: the
 * text outside code spans and fences).
 */
export function checkProse(file, markdown) {
  const problems = []
  let fenced = false
  markdown.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`
    if (/^\s*```/.test(line)) {
      fenced = !fenced
      return
    }
    const anywhere = MACHINE_PATH_ANYWHERE.exec(line)
    if (anywhere !== null)
      problems.push(
        `${where}: a machine's directory (${anywhere[0]}): name it relative to the checkout or as a placeholder`,
      )
    if (fenced) return
    const prose = line.replace(/`[^`]*`/g, '``').replace(/\]\([^)]*\)/g, ']()')
    const scratch = MACHINE_PATH_IN_PROSE.exec(prose)
    if (scratch !== null) problems.push(`${where}: a machine's directory (${scratch[0]}) in prose`)
    const issue = ISSUE_NUMBER.exec(prose)
    if (issue !== null)
      problems.push(
        `${where}: "${issue[0]}" is history: say what is true now (changes belong in the changelogs)`,
      )
    const making = OWN_MAKING.exec(prose)
    if (making !== null)
      problems.push(
        `${where}: "${making[0]}" tells how the project was made: state the result and how to reproduce it`,
      )
  })
  return problems
}

/** The root README fits a screen's scroll and reads as text: at most this many lines... */
export const README_MAX_LINES = 220
/** ...and no line outside a code block longer than this (a long table belongs in a page under docs/). */
export const README_MAX_LINE_CHARS = 200

/** A README over `README_MAX_LINES` lines, or a line outside code blocks over `README_MAX_LINE_CHARS`. */
export function checkReadmeShape(file, markdown) {
  const problems = []
  const lines = markdown.replace(/\n$/, '').split('\n')
  if (lines.length > README_MAX_LINES)
    problems.push(
      `${file}: ${lines.length} lines, over ${README_MAX_LINES}: move a section's detail to a page under docs/`,
    )
  let fenced = false
  lines.forEach((line, index) => {
    if (/^\s*```/.test(line)) fenced = !fenced
    else if (!fenced && [...line].length > README_MAX_LINE_CHARS)
      problems.push(`${file}:${index + 1}: ${[...line].length} characters, over ${README_MAX_LINE_CHARS}`)
  })
  return problems
}

/** Relative links of a page (`[text](path#anchor)`) whose file does not exist. */
export function checkLinks(file, markdown, root = ROOT) {
  const problems = []
  markdown.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1].split('#')[0]
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue
      if (!existsSync(path.resolve(root, path.dirname(file), decodeURIComponent(target)))) {
        problems.push(`${file}:${index + 1}: the link ${match[1]} points to nothing`)
      }
    }
  })
  return problems
}

/** The guides and reports under docs/ (not the generated API reference). */
export function docPages(root = ROOT) {
  const found = []
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory() && entry.name !== 'api') walk(full)
      else if (entry.name.endsWith('.md')) found.push(full)
    }
  }
  walk(path.join(root, 'docs'))
  return found.sort()
}

/** Every README in the repository (not dependencies). */
export function readmes(root = ROOT) {
  const found = []
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'dist') continue
      const full = path.join(dir, entry.name)
      // The generated API reference (`pnpm run docs`) copies the READMEs it renders.
      if (full === path.join(root, 'docs', 'api')) continue
      if (entry.isDirectory()) walk(full)
      else if (entry.name === 'README.md') found.push(full)
    }
  }
  walk(root)
  return found.sort()
}

export async function checkDocs(root = ROOT) {
  const surface = cliSurface()
  const problems = []
  for (const file of readmes(root)) {
    const relative = path.relative(root, file)
    const markdown = readFileSync(file, 'utf8')
    problems.push(...checkCliMentions(relative, markdown, surface))
    problems.push(...checkProse(relative, markdown), ...checkLinks(relative, markdown, root))
    if (relative === 'README.md') problems.push(...checkReadmeShape(relative, markdown))
    const source = DEFAULTS_SOURCES[path.dirname(relative)]
    if (source !== undefined) {
      const module = await import(pathToFileURL(path.join(root, path.dirname(relative), source.module)).href)
      problems.push(...checkDefaults(relative, markdown, module[source.exportName]))
    }
  }
  for (const file of docPages(root)) {
    const relative = path.relative(root, file)
    const markdown = readFileSync(file, 'utf8')
    problems.push(...checkCliMentions(relative, markdown, surface))
    problems.push(...checkProse(relative, markdown), ...checkLinks(relative, markdown, root))
  }
  return problems
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = await checkDocs()
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) {
    console.error(`\ncheck-docs: ${problems.length} statements in the READMEs and docs/ to fix`)
    process.exit(1)
  }
  console.log(
    'check-docs: every README and docs/ command, flag, default and link matches the code; no machine paths, no history',
  )
}

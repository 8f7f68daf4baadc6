import { clip } from '../observe/clip.js'
import type { Refusal } from '../observe/Refusal.js'
import type { AliasTable } from './AliasTable.js'
import type { Decision } from './Decision.js'
import { DecisionSchema } from './DecisionSchema.js'

/**
 * Turns the model's raw decisions into validated ones. Each is checked on its own and a bad one is
 * refused with its reason, nothing else affected: malformed item, unknown candidate, a second
 * decision for a candidate, a target missing, unknown (a real id, another call's alias), not offered
 * with that candidate (the table holds only this namespace's memories), or (reinforce, supersede) already
 * targeted by another decision. A
 * candidate the model left out is refused too, so every candidate is accounted for.
 */
export function validateDecisions(
  raw: unknown,
  table: AliasTable,
): { decisions: Decision[]; refused: Refusal[] } {
  const refused: Refusal[] = []
  const decisions: Decision[] = []
  const refuse = (reason: string, detail: unknown) =>
    refused.push({ stage: 'decide', reason, detail: clip(detail) })
  if (!Array.isArray(raw)) {
    refuse('the reply had no "decisions" list', raw)
    return { decisions, refused: [...refused, ...undecided(table, new Set())] }
  }
  const decided = new Set<string>()
  const targeted = new Set<string>()
  // A flood of decisions is read only as far as there are candidates to decide (plus a margin).
  for (const item of raw.slice(0, table.candidates.size * 2 + 10)) {
    const parsed = DecisionSchema.safeParse(item)
    if (!parsed.success) {
      refuse('malformed decision', item)
      continue
    }
    const { candidate: candidateAlias, action, target, reason } = parsed.data
    const candidate = table.candidates.get(candidateAlias)
    if (candidate === undefined) {
      refuse(`unknown candidate "${clip(candidateAlias, 16)}"`, item)
      continue
    }
    if (decided.has(candidateAlias)) {
      refuse(`a second decision for ${candidateAlias}`, item)
      continue
    }
    if (action === 'add' || action === 'ignore') {
      decided.add(candidateAlias)
      decisions.push({ action, candidate, reason })
      continue
    }
    if (target === null) {
      refuse(`${action} without a target`, item)
      continue
    }
    const memory = table.memories.get(target)
    if (memory === undefined) {
      refuse(`unknown alias "${clip(target, 16)}"`, item)
      continue
    }
    if (!table.offered.get(candidateAlias)?.has(target)) {
      refuse(`alias ${target} was not shown with ${candidateAlias}`, item)
      continue
    }
    if (action === 'relate') {
      // Several new facts may relate to one memory: a link changes nothing of it.
      decided.add(candidateAlias)
      decisions.push({ action, candidate, target: memory, reason })
      continue
    }
    if (targeted.has(target)) {
      refuse(`${target} is already the target of another decision`, item)
      continue
    }
    decided.add(candidateAlias)
    targeted.add(target)
    decisions.push({ action, candidate, target: memory, reason })
  }
  return { decisions, refused: [...refused, ...undecided(table, decided)] }
}

function undecided(table: AliasTable, decided: ReadonlySet<string>) {
  return [...table.candidates]
    .filter(([alias]) => !decided.has(alias))
    .map(
      ([alias, candidate]): Refusal => ({
        stage: 'decide',
        reason: `no valid decision for ${alias}; nothing written for it`,
        detail: clip(candidate.content),
      }),
    )
}

import { describe, expect, it } from 'vitest'
import { sectionCommand } from './sectionCommand.js'

describe('sectionCommand', () => {
  it('drops --out in both spellings and keeps every option that changes what is measured', () => {
    expect(sectionCommand('pnpm bench --only W14 --size 100000 --out /srv/runs/w14')).toBe(
      'pnpm bench --only W14 --size 100000',
    )
    expect(sectionCommand('pnpm bench --out=docs --only W13 --soak-minutes 30')).toBe(
      'pnpm bench --only W13 --soak-minutes 30',
    )
    expect(sectionCommand('pnpm bench --only W12 /data/x.json')).toBe('pnpm bench --only W12 path/to/x.json')
  })
})

import { describe, expect, it } from 'vitest'
import { portableCommand } from './portableCommand.js'

describe('portableCommand', () => {
  it('prints absolute paths as placeholders and leaves the rest of the command as typed', () => {
    expect(
      portableCommand(
        'pnpm bench --only W4,W6,W8 --out /srv/runs/bench468; pnpm bench --size 100000 --out docs',
      ),
    ).toBe('pnpm bench --only W4,W6,W8 --out path/to/bench468; pnpm bench --size 100000 --out docs')
    expect(portableCommand('pnpm eval:locomo /data/eval/locomo-dev.json --only KEYWORD')).toBe(
      'pnpm eval:locomo path/to/locomo-dev.json --only KEYWORD',
    )
    expect(portableCommand('/data/eval/locomo-dev.json')).toBe('path/to/locomo-dev.json')
    expect(portableCommand('pnpm eval:locomo ../shared/eval/locomo-dev.json --out=/tmp/x/')).toBe(
      'pnpm eval:locomo ../shared/eval/locomo-dev.json --out=path/to/x',
    )
  })
})

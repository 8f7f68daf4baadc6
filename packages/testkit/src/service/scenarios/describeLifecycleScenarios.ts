import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { LONG_TAIL } from './LONG_TAIL.js'
import { longContent } from './longContent.js'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Supersession with `history` and `asOf`, namespace isolation with look-alike names, and forgetting. */
export function describeLifecycleScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, chunkCount, timeout } = suite
  describe('lifecycle', () => {
    test(
      'supersession ends the old validity where the replacement begins: asOf finds exactly one on either side (property)',
      async () => {
        const { memory } = serviceWith()
        const DAY = 86_400_000
        const base = Date.parse('2020-01-01T00:00:00Z')
        let run = 0
        await fc.assert(
          fc.asyncProperty(
            fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
            fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
            fc.array(fc.integer({ min: -2000, max: 4000 }), { minLength: 1, maxLength: 4 }),
            async (oldStartDay, gapDays, probeDays) => {
              run += 1
              const ns = `scenario-supersede-property-${run}`
              const oldFrom = oldStartDay === undefined ? undefined : new Date(base + oldStartDay * DAY)
              // The replacement's own validFrom when given (always after the old one's), else "now".
              const newFrom =
                gapDays === undefined ? undefined : new Date(base + ((oldStartDay ?? 0) + gapDays) * DAY)
              const old = await memory.remember(ns, {
                content: 'The user lives in Berlin',
                ...(oldFrom === undefined ? {} : { validFrom: oldFrom }),
              })
              const replacement = await memory.supersede(ns, old.id, {
                content: 'The user lives in Lisbon',
                ...(newFrom === undefined ? {} : { validFrom: newFrom }),
              })
              const [oldRow, newRow] = await memory.history(ns, replacement.id)
              const boundary = newRow!.validFrom!.getTime()
              if (newFrom !== undefined) expect(boundary).toBe(newFrom.getTime())
              // The old fact's window ends exactly where the new one's begins.
              expect(oldRow!.validTo?.getTime()).toBe(boundary)
              const instants = [
                boundary - 1,
                boundary,
                boundary + 1,
                ...probeDays.map((day) => boundary + day * DAY),
              ]
              for (const t of instants) {
                const visible = (await memory.list(ns, { filter: { asOf: new Date(t) } })).map(
                  (m) => m.content,
                )
                const oldValid = (oldFrom === undefined || oldFrom.getTime() <= t) && t < boundary
                const expected =
                  t >= boundary ? ['The user lives in Lisbon'] : oldValid ? ['The user lives in Berlin'] : []
                expect(visible, `asOf ${new Date(t).toISOString()}`).toEqual(expected)
              }
              // Recall answers the same on both sides of the boundary.
              const recallAt = async (t: number) =>
                (
                  await memory.recall(ns, 'where does the user live', { filter: { asOf: new Date(t) } })
                ).hits.map((hit) => hit.memory.content)
              expect(await recallAt(boundary)).toEqual(['The user lives in Lisbon'])
              if (oldFrom === undefined || oldFrom.getTime() < boundary - 1) {
                expect(await recallAt(boundary - 1)).toEqual(['The user lives in Berlin'])
              }
            },
          ),
          { numRuns: 12 },
        )
      },
      timeout * 4,
    )

    test(
      'supersede tombstones the old fact; history shows the chain; asOf answers what was true then',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-supersede'
        const old = await memory.remember(ns, { content: 'The user lives in Lisbon' })
        // Distinct instants on both clocks (the service's and the database's).
        await sleep(20)
        const before = new Date()
        await sleep(20)
        const replacement = await memory.supersede(ns, old.id, { content: 'The user lives in Porto' })
        expect(replacement.status).toBe('inserted')

        const now = await memory.recall(ns, 'where does the user live')
        expect(now.hits.map((hit) => hit.memory.content)).toEqual(['The user lives in Porto'])
        const then = await memory.recall(ns, 'where does the user live', { filter: { asOf: before } })
        expect(then.hits.map((hit) => hit.memory.content)).toEqual(['The user lives in Lisbon'])

        for (const id of [old.id, replacement.id]) {
          const history = await memory.history(ns, id)
          expect(history.map((m) => m.id)).toEqual([old.id, replacement.id])
          expect(history[0]?.supersededBy).toBe(replacement.id)
          expect(history[0]!.validTo!.getTime()).toBeGreaterThan(before.getTime())
          expect(history[1]?.supersededBy).toBeNull()
        }
        // Tombstoned, never deleted.
        expect((await memory.get(ns, old.id))?.content).toBe('The user lives in Lisbon')
        await expect(memory.supersede(ns, 'no-such-id', { content: 'x' })).rejects.toThrow(/no memory/)
      },
      timeout,
    )

    test(
      'namespaces are isolated, look-alikes included, for every operation',
      async () => {
        const { memory } = serviceWith()
        const namespaces = ['u1', 'u10', 'U1', 'a_b', 'aXb', '%', '_']
        const ids = new Map<string, string>()
        for (const ns of namespaces) {
          const { id } = await memory.remember(ns, {
            content: `favourite colour of ${ns} is teal`,
            tags: [ns],
          })
          ids.set(ns, id)
        }
        for (const ns of namespaces) {
          for (const mode of ['hybrid', 'vector', 'keyword'] as const) {
            const { hits } = await memory.recall(ns, 'favourite colour teal', { limit: 100, mode })
            expect(hits.map((hit) => hit.memory.id)).toEqual([ids.get(ns)])
          }
          expect((await memory.list(ns)).map((m) => m.id)).toEqual([ids.get(ns)])
          for (const other of namespaces.filter((candidate) => candidate !== ns)) {
            const otherId = ids.get(other)!
            expect(await memory.get(ns, otherId)).toBeNull()
            expect(await memory.update(ns, otherId, { content: 'hijacked' })).toBeNull()
            expect(await memory.forget(ns, otherId)).toBe(false)
            expect(await memory.history(ns, otherId)).toEqual([])
            await expect(memory.supersede(ns, otherId, { content: 'hijacked' })).rejects.toThrow(/no memory/)
          }
        }
        // An id that lives in another namespace cannot be written through this one (where ids are
        // unique per namespace it names a memory of this one, and the other's is untouched).
        if (suite.idsUniquePerNamespace) {
          const own = await memory.remember('u1', { id: ids.get('u10')!, content: 'u1 has its own' })
          expect(own).toMatchObject({ id: ids.get('u10'), status: 'inserted' })
          expect(await memory.forget('u1', ids.get('u10')!)).toBe(true)
        } else {
          await expect(memory.remember('u1', { id: ids.get('u10')!, content: 'hijacked' })).rejects.toThrow(
            /cannot be used/,
          )
        }
        for (const ns of namespaces) {
          const stored = await memory.get(ns, ids.get(ns)!)
          expect(stored).toMatchObject({ namespace: ns, content: `favourite colour of ${ns} is teal` })
          expect((await memory.list(ns)).map((m) => m.content)).toEqual([`favourite colour of ${ns} is teal`])
        }
      },
      timeout,
    )

    test(
      'forget removes the memory and its chunks',
      async () => {
        const { memory, store } = serviceWith()
        const ns = 'scenario-forget'
        const postcards = await memory.remember(ns, { content: 'The user collects vintage postcards' })
        const long = await memory.remember(ns, { content: longContent(LONG_TAIL.text) })
        const kept = await memory.remember(ns, { content: 'The user has a tabby cat called Miso' })
        expect(await memory.forget(ns, postcards.id)).toBe(true)
        expect(await memory.forget(ns, long.id)).toBe(true)
        expect(await memory.get(ns, postcards.id)).toBeNull()
        expect(await memory.history(ns, postcards.id)).toEqual([])
        expect(await chunkCount(store, ns)).toBe(0)
        for (const mode of ['hybrid', 'vector', 'keyword'] as const) {
          const { hits } = await memory.recall(ns, 'vintage postcards', { mode, limit: 100 })
          expect(hits.map((hit) => hit.memory.id)).toEqual(mode === 'keyword' ? [] : [kept.id])
        }
        expect(await memory.forget(ns, postcards.id)).toBe(false)
        expect((await memory.list(ns)).map((m) => m.id)).toEqual([kept.id])
      },
      timeout,
    )

    test(
      'asOf and the other filter dates outside 0001..9999 are a validation error naming the field, never a database error',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-asof-range'
        await memory.remember(ns, { content: 'The user moved to Lisbon' })
        const yearZero = new Date('0000-01-01T00:00:00Z')
        const year10k = new Date('+010000-01-01T00:00:00Z')
        for (const [filter, field] of [
          [{ asOf: yearZero }, 'filter.asOf'],
          [{ asOf: year10k }, 'filter.asOf'],
          [{ createdAfter: yearZero }, 'filter.createdAfter'],
          [{ accessedAfter: new Date(Number.NaN) }, 'filter.accessedAfter'],
        ] as const) {
          for (const read of [
            () => memory.recall(ns, 'where does the user live', { filter }),
            () => memory.list(ns, { filter }),
          ]) {
            const error = await read().then(
              () => undefined,
              (caught: unknown) => caught,
            )
            expect(error).toMatchObject({ name: 'ValidationError', reason: 'validation' })
            expect((error as Error).message).toContain(field)
            expect((error as Error).message).not.toMatch(/SQLSTATE|22008/)
          }
        }
        // The edges themselves are fine.
        const edge = new Date('0001-01-01T00:00:00Z')
        await expect(memory.recall(ns, 'Lisbon', { filter: { asOf: edge } })).resolves.toBeDefined()
        expect(await memory.list(ns, { filter: { asOf: new Date('9999-12-31T00:00:00Z') } })).toHaveLength(1)
      },
      timeout,
    )
  })
}

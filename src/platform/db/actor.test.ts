import { describe, expect, it } from 'vitest'

import { actingAs, actorStatement, currentActor, nameActor, nameWay, wayOfRequest } from './actor'

const escape = (text: string) => `'${text.replace(/'/g, "''")}'`

describe('who acts, for the audit log', () => {
  it('names no one outside a scope: the order lane’s BEGIN stays alone', async () => {
    expect(actorStatement(escape)).toBeUndefined()
    nameActor('owner')
    expect(currentActor()).toBeUndefined()
  })

  it('a scope carries its way in, and who once proved, through awaits', async () => {
    await actingAs({ way: 'api' }, async () => {
      await Promise.resolve()
      nameActor("o'brien")
      await new Promise((resolve) => setTimeout(resolve, 1))
      expect(actorStatement(escape)).toBe(
        "SELECT set_config('kc.audit_who', 'o''brien', true), set_config('kc.audit_way', 'api', true)",
      )
      nameWay('csv')
      expect(currentActor()).toEqual({ who: "o'brien", way: 'csv' })
    })
  })

  it('keeps scopes apart: two requests at once each see their own', async () => {
    const seen = await Promise.all(
      ['a', 'b'].map((who) =>
        actingAs({ way: 'api' }, async () => {
          nameActor(who)
          await new Promise((resolve) => setTimeout(resolve, 5))
          return currentActor()?.who
        }),
      ),
    )
    expect(seen).toEqual(['a', 'b'])
  })

  it('takes the way in from the shop’s own clients, and nothing else a client says', () => {
    const said = (way?: string) =>
      wayOfRequest(new Request('http://shop/', { headers: way ? { 'x-shop-way': way } : {} }))
    expect([said(), said('dashboard'), said('csv'), said('system'), said('cms')]).toEqual([
      'api',
      'dashboard',
      'csv',
      'api',
      'api',
    ])
  })
})

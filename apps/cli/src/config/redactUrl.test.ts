import { describe, expect, it } from 'vitest'
import { redactUrl } from './redactUrl.js'

describe('redactUrl', () => {
  it('hides the password and keeps user, host, port and database', () => {
    expect(redactUrl('postgres://app:s3cr%3Ft@db.example.com:6543/memories')).toBe(
      'postgres://app:[REDACTED]@db.example.com:6543/memories',
    )
  })
  it('leaves a URL without a password alone', () => {
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/agent_memory_test')).toBe(
      'postgres://postgres@127.0.0.1:5432/agent_memory_test',
    )
  })
  it('hides credential-like query parameters', () => {
    const printed = redactUrl('postgres://db/app?sslmode=require&password=hunter2')
    expect(printed).not.toContain('hunter2')
    expect(printed).toContain('sslmode=require')
    expect(printed).toContain('password=[REDACTED]')
  })
  it('reduces an unparseable string to its scheme', () => {
    expect(redactUrl('postgres://user:pw@[bad')).toBe('postgres://<unparseable>')
    expect(redactUrl('user:pw@host')).not.toContain('pw')
  })
})

import { describe, expect, it } from 'vitest'
import { REDACTED, redactSecrets } from './redactSecrets.js'

// Built from pieces so that no scanner mistakes this test file for a leak.
const join = (...parts: string[]) => parts.join('')

describe('redactSecrets', () => {
  it('redacts a PEM private key block, header to footer', () => {
    const pem = join(
      '-----BEGIN RSA ',
      'PRIVATE KEY-----\nMIIEow',
      'IBAAKCAQEA7\nabc\n-----END RSA ',
      'PRIVATE KEY-----',
    )
    expect(redactSecrets(`key:\n${pem}\nafter`)).toBe(`key:\n${REDACTED}\nafter`)
    // A truncated key (no footer) is still hidden to the end.
    expect(redactSecrets(join('x -----BEGIN ', 'PRIVATE KEY-----\nMIIE'))).toBe(`x ${REDACTED}`)
  })

  it.each([
    ['AWS access key id', join('AKIA', 'IOSFODNN7EXAMPLE')],
    ['GitHub token', join('ghp_', 'a'.repeat(36))],
    ['GitHub fine-grained token', join('github_pat_', '11ABC'.repeat(6))],
    ['Slack bot token', join('xoxb-', '1234567890-abcdefghij')],
    ['OpenAI-style key', join('sk-', 'proj-', 'A1b2C3d4E5f6G7h8I9j0')],
    ['OpenRouter key', join('sk-', 'or-v1-', '0123456789abcdef0123456789abcdef')],
    ['Google API key', join('AIza', 'SyA1234567890abcdefghijklmnopqrstuv')],
    ['Google API key ending in -', join('AIza', 'SyA1234567890abcdefghijklmnopqrstu-')],
    [
      'JWT',
      join(
        'eyJ',
        'hbGciOiJIUzI1NiJ9',
        '.eyJ',
        'zdWIiOiIxMjM0NTY3ODkwIn0',
        '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
      ),
    ],
  ])('redacts a %s standing alone', (_name, secret) => {
    expect(redactSecrets(`use ${secret} here`)).toBe(`use ${REDACTED} here`)
  })

  it('keeps the label and hides the value of label=value and label: value', () => {
    expect(redactSecrets('password=hunter2')).toBe(`password=${REDACTED}`)
    expect(redactSecrets('DB_PASSWORD: "correct horse"')).toBe(`DB_PASSWORD: ${REDACTED}`)
    expect(redactSecrets("client_secret='abc def', next")).toBe(`client_secret=${REDACTED}, next`)
    expect(redactSecrets('api_key=abc123; x=1')).toBe(`api_key=${REDACTED}; x=1`)
    expect(redactSecrets('SECRET_KEY=xyz')).toBe(`SECRET_KEY=${REDACTED}`)
    expect(redactSecrets('access-key: q1w2e3')).toBe(`access-key: ${REDACTED}`)
  })

  it('redacts Bearer tokens', () => {
    expect(redactSecrets('Authorization: Bearer abc123def456ghi')).toBe(`Authorization: Bearer ${REDACTED}`)
    expect(redactSecrets('bearer ABCDEFGHIJKLMNOPQRSTUVWX')).toBe(`bearer ${REDACTED}`)
  })

  it('redacts only the password of URL userinfo', () => {
    expect(redactSecrets('postgres://app:s3cret@db.internal:5432/mem')).toBe(
      `postgres://app:${REDACTED}@db.internal:5432/mem`,
    )
    expect(redactSecrets('see https://user:pa55@example.com/x and more')).toBe(
      `see https://user:${REDACTED}@example.com/x and more`,
    )
  })

  it('leaves ordinary prose, code talk and numbers alone', () => {
    const prose = [
      'The user prefers green tea and keeps a secret garden.',
      'Her secretary: Ann Lee, reachable on Mondays.',
      'Set max_tokens: 256 for summaries.',
      'My password is long and I never write it down.',
      'Bearer authentication is described in RFC 6750.',
      'The bearer of this letter is my friend.',
      'Ask at sk-department desk; ask Akiane; eyJ is the start of base64 JSON.',
      'Visit https://example.com/path?q=1 or postgres://localhost/db for details.',
      '用户喜欢绿茶，不喝咖啡。',
      'Tokens are counted 1:1 with characters.',
    ]
    for (const text of prose) expect(redactSecrets(text)).toBe(text)
  })
})

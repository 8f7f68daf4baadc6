/** Builds the inspector's own URLs: every one carries the token, since every request needs it. */
export class InspectorLinks {
  readonly token: string

  constructor(token: string) {
    this.token = token
  }

  to(path: string, params: Record<string, string | number | undefined> = {}): string {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(params))
      if (value !== undefined && value !== '') search.set(key, String(value))
    search.set('token', this.token)
    return `${path}?${search.toString()}`
  }
}

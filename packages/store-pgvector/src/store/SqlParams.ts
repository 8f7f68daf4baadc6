/** Collects bound parameters and hands out their `$n` placeholders: values are never spliced into SQL. */
export class SqlParams {
  readonly values: unknown[] = []
  add(value: unknown, cast?: string): string {
    this.values.push(value)
    return cast === undefined ? `$${this.values.length}` : `$${this.values.length}::${cast}`
  }
}

import type { StoreTarget } from '../config/CliConfig.js'
import { redactUrl } from '../config/redactUrl.js'
import type { StoreJson } from '../json/StoreJsonSchema.js'

/** The store a command used, as every `--json` document names it (no password). */
export function toStoreJson(store: StoreTarget, servedBy?: string): StoreJson {
  return store.kind === 'embedded'
    ? { kind: 'embedded', dataDir: store.dataDir, ...(servedBy === undefined ? {} : { servedBy }) }
    : { kind: 'postgres', url: redactUrl(store.url) }
}

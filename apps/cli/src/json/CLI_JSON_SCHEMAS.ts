import { DoctorJsonSchema } from './DoctorJsonSchema.js'
import { EraseJsonSchema } from './EraseJsonSchema.js'
import { ExportJsonSchema } from './ExportJsonSchema.js'
import { ForgetJsonSchema } from './ForgetJsonSchema.js'
import { GetJsonSchema } from './GetJsonSchema.js'
import { HistoryJsonSchema } from './HistoryJsonSchema.js'
import { ImportJsonSchema } from './ImportJsonSchema.js'
import { IngestJsonSchema } from './IngestJsonSchema.js'
import { InitJsonSchema } from './InitJsonSchema.js'
import { LinkJsonSchema } from './LinkJsonSchema.js'
import { ListJsonSchema } from './ListJsonSchema.js'
import { MaintainJsonSchema } from './MaintainJsonSchema.js'
import { ObserveJsonSchema } from './ObserveJsonSchema.js'
import { ProfileJsonSchema } from './ProfileJsonSchema.js'
import { ReembedJsonSchema } from './ReembedJsonSchema.js'
import { RememberJsonSchema } from './RememberJsonSchema.js'
import { RepairJsonSchema } from './RepairJsonSchema.js'
import { SearchJsonSchema } from './SearchJsonSchema.js'
import { StatsJsonSchema } from './StatsJsonSchema.js'

/** Each command's `--json` success document, by command name (failures: `ErrorJsonSchema`). */
export const CLI_JSON_SCHEMAS = {
  init: InitJsonSchema,
  remember: RememberJsonSchema,
  ingest: IngestJsonSchema,
  search: SearchJsonSchema,
  list: ListJsonSchema,
  get: GetJsonSchema,
  forget: ForgetJsonSchema,
  history: HistoryJsonSchema,
  profile: ProfileJsonSchema,
  stats: StatsJsonSchema,
  repair: RepairJsonSchema,
  reembed: ReembedJsonSchema,
  observe: ObserveJsonSchema,
  export: ExportJsonSchema,
  import: ImportJsonSchema,
  erase: EraseJsonSchema,
  maintain: MaintainJsonSchema,
  link: LinkJsonSchema,
  doctor: DoctorJsonSchema,
} as const

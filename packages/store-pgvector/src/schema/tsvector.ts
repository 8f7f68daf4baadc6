import { customType } from 'drizzle-orm/pg-core'

/** Postgres `tsvector`; drizzle has no built-in column type for it. Filled by the store from JS-segmented text. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'tsvector'
  },
})

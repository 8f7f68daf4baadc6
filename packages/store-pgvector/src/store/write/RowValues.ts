/** A write reduced to the values every insert path binds, in `WRITE_SQL.columns` order (after namespace). */
export interface RowValues {
  id: string
  tier: string
  level: string | null
  content: string
  summary: string | null
  metadata: string
  tags: string[]
  importance: number
  createdAt: Date | null
  expiresAt: Date | null
  supersededBy: string | null
  validFrom: Date | null
  validTo: Date | null
  confidence: number | null
  observedAt: Date | null
  assessedImportance: number | null
  linkedMemoryIds: string[]
  embedState: 'ok' | 'pending'
  fingerprint: string
  embedding: Float32Array | null
  searchText: string
}

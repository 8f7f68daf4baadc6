import {
  type Chunk,
  DimensionMismatchError,
  InvalidArgumentError,
  LevelSchema,
  type MemoryWrite,
  TierSchema,
} from '@agent-memory/core'

const MAX_ID_LENGTH = 256

/** Refuses a vector of the wrong length or with non-finite numbers, before anything is written. */
export function checkVector(vector: unknown, dimensions: number, what: string): Float32Array {
  if (!(vector instanceof Float32Array)) {
    throw new InvalidArgumentError(what, `${what} must be a Float32Array`)
  }
  if (vector.length !== dimensions) {
    throw new DimensionMismatchError(
      { dimensions },
      { dimensions: vector.length },
      `${what} has ${vector.length} dimensions but the store holds ${dimensions}-dimensional vectors`,
    )
  }
  // x * 0 is 0 for every finite x and NaN for NaN and ±Infinity: one branch-free pass.
  let sum = 0
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * 0
  if (sum !== 0) throw new InvalidArgumentError(what, `${what} contains a non-finite number`)
  return vector
}

function checkOptionalDate(value: unknown, what: string): void {
  if (value === undefined || value === null) return
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new InvalidArgumentError(what, `${what} must be a valid Date or null`)
  }
}

function checkOptionalUnit(value: unknown, what: string): void {
  if (value === undefined || value === null) return
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new InvalidArgumentError(what, `${what} must be a number in [0, 1]`)
  }
}

function checkText(value: unknown, what: string, optional: boolean): void {
  if (optional && (value === undefined || value === null)) return
  if (typeof value !== 'string') throw new InvalidArgumentError(what, `${what} must be a string`)
  if (value.includes('\u0000'))
    throw new InvalidArgumentError(what, `${what} must not contain NUL characters`)
}

/** Checks chunk shape and vectors; idx values must be unique non-negative integers. */
export function checkChunks(chunks: Chunk[], dimensions: number, what: string): void {
  if (!Array.isArray(chunks)) throw new InvalidArgumentError(what, `${what} must be an array`)
  const seen = new Set<number>()
  for (const chunk of chunks) {
    if (typeof chunk !== 'object' || chunk === null)
      throw new InvalidArgumentError(what, `${what} has a non-object`)
    if (!Number.isInteger(chunk.idx) || chunk.idx < 0 || chunk.idx > 2_147_483_647 || seen.has(chunk.idx)) {
      throw new InvalidArgumentError(what, `${what} needs unique non-negative integer idx values`)
    }
    seen.add(chunk.idx)
    checkText(chunk.text, `${what}.text`, false)
    if (chunk.text.length === 0) throw new InvalidArgumentError(what, `${what} has an empty text`)
    checkVector(chunk.embedding, dimensions, `${what}.embedding`)
  }
}

/**
 * Validates a batch before any write: vector dimensions first (a `DimensionMismatchError`),
 * then shapes; duplicate ids in one batch are refused (one row cannot be written twice).
 */
export function validateWrites(writes: MemoryWrite[], dimensions: number): void {
  if (!Array.isArray(writes)) throw new InvalidArgumentError('writes', 'writes must be an array')
  writes.forEach((write, i) => {
    if (write.embedding !== null) checkVector(write.embedding, dimensions, `writes[${i}].embedding`)
    for (const chunk of write.chunks ?? [])
      checkVector(chunk?.embedding, dimensions, `writes[${i}].chunks.embedding`)
  })
  const ids = new Set<string>()
  writes.forEach((write, i) => {
    const at = `writes[${i}]`
    if (typeof write.id !== 'string' || write.id.length === 0 || write.id.length > MAX_ID_LENGTH) {
      throw new InvalidArgumentError(
        `${at}.id`,
        `${at}.id must be a string of 1..${MAX_ID_LENGTH} characters`,
      )
    }
    if (ids.has(write.id)) throw new InvalidArgumentError(`${at}.id`, `${at}.id appears twice in one batch`)
    ids.add(write.id)
    if (!TierSchema.safeParse(write.tier).success)
      throw new InvalidArgumentError(`${at}.tier`, `${at}.tier is unknown`)
    if (write.level !== undefined && write.level !== null && !LevelSchema.safeParse(write.level).success) {
      throw new InvalidArgumentError(`${at}.level`, `${at}.level is unknown`)
    }
    checkText(write.content, `${at}.content`, false)
    checkText(write.summary, `${at}.summary`, true)
    checkText(write.supersededBy, `${at}.supersededBy`, true)
    if (typeof write.fingerprint !== 'string' || write.fingerprint.length === 0) {
      throw new InvalidArgumentError(`${at}.fingerprint`, `${at}.fingerprint must be a non-empty string`)
    }
    for (const key of ['tags', 'linkedMemoryIds'] as const) {
      const list = write[key]
      if (list !== undefined && (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))) {
        throw new InvalidArgumentError(`${at}.${key}`, `${at}.${key} must be an array of strings`)
      }
    }
    if (
      write.metadata !== undefined &&
      (typeof write.metadata !== 'object' || write.metadata === null || Array.isArray(write.metadata))
    ) {
      throw new InvalidArgumentError(`${at}.metadata`, `${at}.metadata must be an object`)
    }
    checkOptionalUnit(write.importance, `${at}.importance`)
    checkOptionalUnit(write.confidence, `${at}.confidence`)
    checkOptionalUnit(write.assessedImportance, `${at}.assessedImportance`)
    for (const key of ['expiresAt', 'validFrom', 'validTo', 'createdAt', 'observedAt'] as const) {
      checkOptionalDate(write[key], `${at}.${key}`)
    }
    if (write.chunks !== undefined) checkChunks(write.chunks, dimensions, `${at}.chunks`)
  })
}

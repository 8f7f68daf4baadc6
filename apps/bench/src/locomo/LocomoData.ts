export interface LocomoTurn {
  diaId: string
  speaker: string
  text: string
  /** The BLIP caption of a shared image, when the turn has one. */
  imageCaption: string | null
  session: number
  sessionDate: string
  /** Session date plus the turn's position in seconds (keeps turns ordered); null when the date does not parse. */
  createdAt: Date | null
}

export interface LocomoQuestion {
  question: string
  category: string
  /** Normalised evidence dia ids (`D<session>:<turn>`) that name a turn of the conversation. */
  evidence: string[]
  /**
   * When the question was asked (`placeQuestions`): it is recalled over the memories written
   * before then. Null: after the whole conversation.
   */
  askedAt: Date | null
}

export interface LocomoConversation {
  sampleId: string
  turns: LocomoTurn[]
  questions: LocomoQuestion[]
}

export interface LocomoData {
  conversations: LocomoConversation[]
  /** Evidence entries that name no turn (malformed or missing), dropped from their question. */
  danglingEvidence: number
  /** Questions whose evidence is empty after that (not evaluated). */
  questionsWithoutEvidence: number
}

/** File types `ingest` reads: prose files become memories (chunked by the service), `.jsonl` one memory per line. */
export const INGEST_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.txt', '.jsonl']

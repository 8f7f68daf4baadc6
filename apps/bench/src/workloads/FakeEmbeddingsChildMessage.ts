/** What the fake embeddings child (`fakeEmbeddingsChild.js`) tells its parent over IPC. */
export type FakeEmbeddingsChildMessage =
  | { type: 'listening'; url: string }
  | { type: 'requests'; requests: Array<{ status: number | undefined; inputs: string[] }> }

export {
  describeEmbedderContract,
  type EmbedderContractOptions,
} from './embedder/describeEmbedderContract.js'
export type { ChatReply } from './fake-chat-server/ChatReply.js'
export type { RecordedChatRequest } from './fake-chat-server/RecordedChatRequest.js'
export {
  type FakeChatServer,
  type FakeChatServerOptions,
  startFakeChatServer,
} from './fake-chat-server/startFakeChatServer.js'
export type { EmbeddingsFault } from './fake-embeddings-server/EmbeddingsFault.js'
export { fakeEmbedding } from './fake-embeddings-server/fakeEmbedding.js'
export {
  FAKE_EMBEDDINGS_LIMITS,
  type FakeEmbeddingsServer,
  type FakeEmbeddingsServerOptions,
  type RecordedEmbeddingsRequest,
  startFakeEmbeddingsServer,
} from './fake-embeddings-server/startFakeEmbeddingsServer.js'
export { InMemoryStore, type InMemoryStoreOptions } from './memory-store/InMemoryStore.js'
export {
  describeServiceScenarios,
  type ServiceScenarioFactory,
  type ServiceScenarioHandle,
  type ServiceScenarioOptions,
} from './service/describeServiceScenarios.js'
export {
  type SwitchableEmbedder,
  type SwitchableEmbedderMode,
  switchableEmbedder,
} from './service/switchableEmbedder.js'
export { axisVector, clusteredVectors, cosine, normalize, seededRandom } from './store/contractVectors.js'
export {
  describeStoreCompleteness,
  type StoreCompletenessOptions,
} from './store/describeStoreCompleteness.js'
export { describeStoreContract, type StoreContractOptions } from './store/describeStoreContract.js'
export type {
  ContractStore,
  EmbedderIdentity,
  StoreContractFactory,
  StoreContractHandle,
} from './store/StoreContractFactory.js'

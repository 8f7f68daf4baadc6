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
export { leakInReply } from './fuzz/leakInReply.js'
export { cosineSimilarity } from './memory-store/cosineSimilarity.js'
export { InMemoryStore, type InMemoryStoreOptions } from './memory-store/InMemoryStore.js'
export { requireCitus } from './postgres/requireCitus.js'
export { requirePostgres } from './postgres/requirePostgres.js'
export { asUnprivileged, type UnprivilegedCommand } from './process/asUnprivileged.js'
export { describeServiceScenarios } from './service/describeServiceScenarios.js'
export type { ServiceScenarioFactory } from './service/ServiceScenarioFactory.js'
export type { ServiceScenarioHandle } from './service/ServiceScenarioHandle.js'
export type { ServiceScenarioOptions } from './service/ServiceScenarioOptions.js'
export { describeDegradedScenarios } from './service/scenarios/describeDegradedScenarios.js'
export { describeLifecycleScenarios } from './service/scenarios/describeLifecycleScenarios.js'
export { describeRememberScenarios } from './service/scenarios/describeRememberScenarios.js'
export { openServiceScenarios } from './service/scenarios/openServiceScenarios.js'
export type { ServiceScenarioSuite } from './service/scenarios/ServiceScenarioSuite.js'
export {
  type SwitchableEmbedder,
  type SwitchableEmbedderMode,
  switchableEmbedder,
} from './service/switchableEmbedder.js'
export type { ContractSuite } from './store/contract/ContractSuite.js'
export { describeStoreConcurrency } from './store/contract/describeStoreConcurrency.js'
export { describeStoreData } from './store/contract/describeStoreData.js'
export { describeStoreLifecycle } from './store/contract/describeStoreLifecycle.js'
export { describeStoreLinks } from './store/contract/describeStoreLinks.js'
export { describeStoreMeta } from './store/contract/describeStoreMeta.js'
export { describeStoreReads } from './store/contract/describeStoreReads.js'
export { describeStoreRepair } from './store/contract/describeStoreRepair.js'
export { describeStoreSearch } from './store/contract/describeStoreSearch.js'
export { describeStoreSweep } from './store/contract/describeStoreSweep.js'
export { describeStoreWrites } from './store/contract/describeStoreWrites.js'
export { exportAll } from './store/contract/exportAll.js'
export { openContractSuite } from './store/contract/openContractSuite.js'
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

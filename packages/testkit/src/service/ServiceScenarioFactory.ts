import type { EmbedderIdentity } from '../store/StoreContractFactory.js'
import type { ServiceScenarioHandle } from './ServiceScenarioHandle.js'

/** Opens one fresh, empty store for `embedder`; the suite shares it, each case in its own namespaces. */
export type ServiceScenarioFactory = (embedder: EmbedderIdentity) => Promise<ServiceScenarioHandle>

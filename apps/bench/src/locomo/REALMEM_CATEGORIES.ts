/** RealMem's question categories by id, as the dev set's conversion numbers them. */
export const REALMEM_CATEGORIES: Readonly<Record<string, string>> = {
  '1': 'dynamic incremental',
  '2': 'implicit preference',
  '3': 'dynamic updating',
  '4': 'temporal',
}

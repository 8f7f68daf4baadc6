/** LoCoMo's question categories by id (Maharana et al., 2024). */
export const LOCOMO_CATEGORIES: Readonly<Record<string, string>> = {
  '1': 'multi-hop',
  '2': 'temporal',
  '3': 'open-domain',
  '4': 'single-hop',
  '5': 'adversarial',
}

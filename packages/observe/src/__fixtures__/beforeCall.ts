import { MockLanguageModelV3 } from 'ai/test'

/**
 * `model`, except that `hook` runs before its call number `index` (0-based) is answered: the world
 * changing while the model thinks (a memory forgotten, the caller aborting).
 */
export function beforeCall(
  model: MockLanguageModelV3,
  index: number,
  hook: () => unknown,
): MockLanguageModelV3 {
  let calls = 0
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      if (calls++ === index) await hook()
      return model.doGenerate(options)
    },
  })
}

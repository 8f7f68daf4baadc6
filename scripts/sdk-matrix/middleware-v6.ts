// ai 6: the memory middleware around the SDK's mock model (LanguageModelV3), observed by another.
import { MockLanguageModelV3 } from 'ai/test'
import { middlewareRoundTrip, observeReplies, replies } from './middleware.js'

const chat = new MockLanguageModelV3({ doGenerate: replies('Lentil soup.') })
const observer = new MockLanguageModelV3({ doGenerate: replies(...observeReplies) })
const systemMessage = () => {
  const first = chat.doGenerateCalls[0]?.prompt[0]
  return first?.role === 'system' ? first.content : undefined
}
await middlewareRoundTrip(chat, systemMessage, observer, 6)

// ai 7: the memory middleware around the SDK's mock model (LanguageModelV4), observed by another.
import { MockLanguageModelV4 } from 'ai/test'
import { middlewareRoundTrip, observeReplies, replies } from './middleware.js'

const chat = new MockLanguageModelV4({ doGenerate: replies('Lentil soup.') })
const observer = new MockLanguageModelV4({ doGenerate: replies(...observeReplies) })
const systemMessage = () => {
  const first = chat.doGenerateCalls[0]?.prompt[0]
  return first?.role === 'system' ? first.content : undefined
}
await middlewareRoundTrip(chat, systemMessage, observer, 7)

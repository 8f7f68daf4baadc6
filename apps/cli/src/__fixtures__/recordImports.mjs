// Loaded with `node --import` ahead of the CLI: every module file the process loads is printed to
// stderr as `imported <url>`, so a test can tell which packages a command pulled in.
import { register } from 'node:module'

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function load(url, context, next) {
      if (url.startsWith('file:')) process.stderr.write('imported ' + url + '\\n')
      return next(url, context)
    }
  `)}`,
)

import { type Command, Option } from 'commander'
import { tagList } from './parsers/tagList.js'

/**
 * `--tag <a,b>` (repeatable, comma-separated). `--tags` is accepted as a hidden synonym so either
 * spelling works on every command; help and the READMEs document `--tag` alone. Read both with `tagsFrom`.
 */
export function addTagOption(command: Command, description: string): Command {
  return command
    .option('--tag <a,b>', `${description} (comma-separated, repeatable)`, tagList)
    .addOption(new Option('--tags <a,b>', 'synonym of --tag').hideHelp().argParser(tagList))
}

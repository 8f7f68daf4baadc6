export { runCli, type RunCliOptions } from './runCli.js'

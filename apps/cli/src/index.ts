export { type RunCliOptions, runCli } from './runCli.js'

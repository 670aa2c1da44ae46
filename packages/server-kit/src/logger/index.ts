export {
  createLogger,
  type Logger,
  type LoggerOptions,
  REDACTED,
  redact,
  scrubText,
} from './logger.ts';
export { createProgress, type Progress } from './progress.ts';

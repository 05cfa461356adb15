/** The one pino logger of a command: human-readable on a terminal, JSON lines otherwise (stderr either way). */
import pino, { type Logger } from 'pino';

export function createLogger(level = process.env.SKYALERT_LOG_LEVEL ?? 'info'): Logger {
  if (process.stderr.isTTY) {
    return pino({
      level,
      transport: {
        target: 'pino-pretty',
        options: { destination: 2, colorize: true, ignore: 'pid,hostname' },
      },
    });
  }
  return pino({ level }, pino.destination(2));
}

/** The one pino logger of a command: human-readable on a terminal, JSON lines otherwise (stderr either way). */
import pino, { type Logger } from 'pino';

/**
 * @param buffered write off the event loop (`serve`, one line per request: a synchronous write of each line was
 *   ~7 % of the main thread under load, issue 27 §2): lines logged while a write is under way go out together
 *   with the next one, and what is left is written at exit. The other commands write each line at once, so that
 *   nothing is lost when they are killed.
 */
export function createLogger(level = process.env.SKYALERT_LOG_LEVEL ?? 'info', buffered = false): Logger {
  if (process.stderr.isTTY) {
    return pino({
      level,
      transport: {
        target: 'pino-pretty',
        options: { destination: 2, colorize: true, ignore: 'pid,hostname' },
      },
    });
  }
  return pino({ level }, pino.destination({ dest: 2, sync: !buffered }));
}

/** The one pino logger of a command: human-readable on a terminal, JSON lines otherwise (stderr either way). */
import pino, { type Logger } from 'pino';

/** Bytes of log lines a buffered logger gathers before it writes them. */
const BUFFERED_BYTES = 8192;
/** Longest time a line waits in a buffered logger (ms). */
const BUFFERED_FLUSH_MS = 250;

/**
 * @param buffered gather lines and write them off the event loop, at least every {@link BUFFERED_FLUSH_MS} ms and
 *   at exit (`serve`, one line per request: a write per line, synchronous or not, held the main thread ~5 % of
 *   the time under 50 connections, issue 27 §2). The other commands write each line at once, so that nothing is
 *   lost when they are killed.
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
  if (!buffered) return pino({ level }, pino.destination(2));
  const destination = pino.destination({ dest: 2, sync: false, minLength: BUFFERED_BYTES });
  setInterval(() => destination.flush(), BUFFERED_FLUSH_MS).unref();
  return pino({ level }, destination);
}

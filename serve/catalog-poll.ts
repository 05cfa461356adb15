/**
 * Watches a store's CURRENT pointer and hands each new catalog version to the reader that serves it, which
 * loads what it needs and switches (serve/store-reader.ts for ZTF, serve/lsst-store-reader.ts for LSST). One
 * refresh runs at a time; callers share it.
 */
import fs from 'node:fs';
import type { Logger } from 'pino';
import { type Catalog, readCatalog, type StoreLayout } from '../data/index.js';

export class CatalogPoll {
  private pointerMtimeMs = -1;
  private refreshing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  /**
   * @param currentVersion the catalog version the reader serves now.
   * @param switchTo loads a new version and switches to it; a throw keeps the version in use (the pointer is not
   *   read again until it changes).
   */
  constructor(
    private readonly layout: StoreLayout,
    private readonly log: Logger,
    private readonly currentVersion: () => number,
    private readonly switchTo: (next: Catalog) => Promise<void>,
  ) {}

  /** Re-reads the catalog when the CURRENT pointer changed; rejects with what `switchTo` threw. */
  refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    let mtime: number;
    try {
      mtime = fs.statSync(this.layout.currentPointer).mtimeMs;
    } catch {
      return;
    }
    if (mtime === this.pointerMtimeMs) return;
    let next: Catalog;
    try {
      next = readCatalog(this.layout);
    } catch (err) {
      this.log.warn({ err }, 'catalog not readable yet; keeping the previous version');
      return;
    }
    this.pointerMtimeMs = mtime;
    if (next.version === this.currentVersion()) return;
    await this.switchTo(next);
  }

  /** Polls every `pollMs` ms (an unref'd timer); a refused version is logged and the version in use kept. */
  start(pollMs: number): void {
    this.timer = setInterval(() => {
      this.refresh().catch((err: unknown) => {
        this.log.error({ err }, 'catalog version refused; keeping the version in use');
      });
    }, pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

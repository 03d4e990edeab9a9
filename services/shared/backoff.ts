/**
 * The one backoff of the service: the wait before retry `attempt` (1-based) starts at `initial` and doubles, up to
 * `max`. The loops that use it never give up (a click batch, the database's first connection) or keep their state in
 * the database (the mail outbox), so a retry library's "call this until it resolves" does not fit them; they need the
 * delay, and the batches a wait that closing can end early.
 */

export interface BackoffMs {
  initial: number;
  max: number;
}

/** How long to wait before retry `attempt` (1 for the first). */
export function backoffDelay(attempt: number, { initial, max }: BackoffMs): number {
  return Math.min(max, initial * 2 ** Math.max(0, attempt - 1));
}

/** A backoff wait that `wake()` ends at once, for a loop whose close() wants its retries now. */
export class BackoffWait {
  private wakeUp: (() => void) | null = null;

  /** Waits `ms`, or until wake(). */
  wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.end(resolve), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.end(resolve);
      };
    });
  }

  /** Ends the current wait, if any. */
  wake(): void {
    this.wakeUp?.();
  }

  private end(resolve: () => void): void {
    this.wakeUp = null;
    resolve();
  }
}

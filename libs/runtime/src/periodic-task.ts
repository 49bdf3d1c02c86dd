/**
 * Work a service repeats while it runs (a sweep of what did not go out, a check that something is
 * still in place): run at start and then every interval, never two runs at once (a run asked for
 * while one is in flight answers that one), on a timer that does not keep the process alive, and
 * `stop()` waits for the run in flight. The task handles its own failures: a run should not reject.
 */
export class PeriodicTask<T = void> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;

  constructor(
    private readonly intervalMs: number,
    private readonly task: () => Promise<T>,
  ) {}

  /** Runs the task now and every interval after; answers the first run. */
  start(): Promise<T> {
    clearInterval(this.timer);
    const first = this.run();
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
    return first;
  }

  /** Runs the task now, or answers the run in flight. */
  run(): Promise<T> {
    this.running ??= this.task().finally(() => (this.running = undefined));
    return this.running;
  }

  /** No run starts any more; answers once the run in flight, if any, has finished. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

import { jest } from '@jest/globals';
import { PeriodicTask } from './periodic-task.js';

/** A task whose runs finish when the test says so, counting how many started. */
function heldTask() {
  const finishers: Array<(value: number) => void> = [];
  const task = jest.fn(() => new Promise<number>((resolve) => finishers.push(resolve)));
  return { task, finish: (value: number) => finishers.shift()?.(value) };
}

describe('PeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at start, then every interval', async () => {
    let runs = 0;
    const periodic = new PeriodicTask(1000, async () => ++runs);

    await expect(periodic.start()).resolves.toBe(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(4);
    await periodic.stop();
  });

  it('never runs twice at once: a run asked for meanwhile answers the one in flight', async () => {
    const { task, finish } = heldTask();
    const periodic = new PeriodicTask(1000, task);

    const first = periodic.start();
    await jest.advanceTimersByTimeAsync(3000);
    const asked = periodic.run();
    expect(task).toHaveBeenCalledTimes(1);
    finish(7);
    await expect(first).resolves.toBe(7);
    await expect(asked).resolves.toBe(7);

    // Once it has finished, the next run is a new one.
    const next = periodic.run();
    expect(task).toHaveBeenCalledTimes(2);
    finish(8);
    await expect(next).resolves.toBe(8);
    await periodic.stop();
  });

  it('stop() waits for the run in flight, and no run starts after it', async () => {
    const { task, finish } = heldTask();
    const periodic = new PeriodicTask(1000, task);
    void periodic.start();

    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish(1);
    await stopping;
    expect(stopped).toBe(true);

    await jest.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not keep the process alive', () => {
    const spy = jest.spyOn(global, 'setInterval');
    const periodic = new PeriodicTask(1000, async () => undefined);
    void periodic.start();
    const timer = spy.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    spy.mockRestore();
    void periodic.stop();
  });
});

import { register } from 'prom-client';
import { counter } from './metrics.js';

describe('counter', () => {
  const name = 'starborn_metrics_spec_things_total';

  afterEach(() => register.removeSingleMetric(name));

  it('registers a counter in the default registry, served with the other metrics', async () => {
    const things = counter(name, 'Things counted by this test', ['kind'] as const);
    things.inc({ kind: 'a' });
    things.inc({ kind: 'a' });
    expect(await register.getSingleMetricAsString(name)).toContain(`${name}{kind="a"} 2`);
  });

  it('answers the counter already registered when a name is declared again', () => {
    const first = counter(name, 'Things counted by this test', ['kind'] as const);
    expect(counter(name, 'Things counted by this test', ['kind'] as const)).toBe(first);
  });
});

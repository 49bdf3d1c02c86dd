import { heroGenerationJobId, JobQueues } from './jobs.js';

describe('hero generation jobs carrying an art variant', () => {
  it('keep the first generation’s job ids and give each recreation its own', () => {
    expect(heroGenerationJobId({ heroId: 'h1', attempt: 2 })).toBe('hero.h1.2');
    expect(heroGenerationJobId({ heroId: 'h1', attempt: 2, variant: 0 })).toBe('hero.h1.2');
    expect(heroGenerationJobId({ heroId: 'h1', attempt: 1, variant: 3 })).toBe('hero.h1.v3.1');
    expect(heroGenerationJobId({ heroId: 'h1', attempt: 2, variant: 3 })).toBe('hero.h1.v3.2');
  });

  it('accept a whole variant from 0 and refuse any other', () => {
    const { invalid } = JobQueues.heroGeneration;
    expect(invalid({ heroId: 'h1', attempt: 1 })).toBeNull();
    expect(invalid({ heroId: 'h1', attempt: 1, variant: 0 })).toBeNull();
    expect(invalid({ heroId: 'h1', attempt: 1, variant: 2 })).toBeNull();
    for (const variant of [-1, 1.5, '2', null])
      expect(invalid({ heroId: 'h1', attempt: 1, variant })).toMatch(/variant/);
  });
});

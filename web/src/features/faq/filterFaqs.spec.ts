import { describe, expect, it } from '@jest/globals';
import { FAQ_GROUPS } from '../../content/faqs';
import { countFaqs, faqMatches, filterFaqs, type FaqGroup } from './filterFaqs';

const GROUPS: FaqGroup[] = [
  {
    id: 'start',
    title: 'Getting Started',
    items: [
      { id: 'what', question: 'What is Starborn?', answer: 'A hero made from your **birth date**.' },
      {
        id: 'age',
        question: 'How old must I be?',
        answer: 'At least 18, see the [Terms](/terms-of-service).',
      },
    ],
  },
  {
    id: 'pay',
    title: 'Payments',
    items: [
      { id: 'price', question: 'What does Premium cost?', answer: 'The upgrade costs $3.99.' },
      { id: 'cards', question: 'Which cards work?', answer: 'Payments go through Stripe.' },
    ],
  },
];

describe('filterFaqs', () => {
  it('returns every group unchanged for an empty or blank query', () => {
    expect(filterFaqs(GROUPS, '')).toBe(GROUPS);
    expect(filterFaqs(GROUPS, '   \t ')).toBe(GROUPS);
  });

  it('matches question text case-insensitively', () => {
    const result = filterFaqs(GROUPS, 'PREMIUM');
    expect(result).toHaveLength(1);
    expect(result[0]!.id).toBe('pay');
    expect(result[0]!.items.map((i) => i.id)).toEqual(['price']);
  });

  it('matches answer text case-insensitively', () => {
    const result = filterFaqs(GROUPS, 'stripe');
    expect(result.map((g) => g.items.map((i) => i.id))).toEqual([['cards']]);
  });

  it('matches the text a reader sees, not the markup or link targets', () => {
    expect(filterFaqs(GROUPS, 'birth date')[0]!.items.map((i) => i.id)).toEqual(['what']);
    expect(filterFaqs(GROUPS, 'see the terms')[0]!.items.map((i) => i.id)).toEqual(['age']);
    expect(filterFaqs(GROUPS, 'terms-of-service')).toEqual([]);
    expect(filterFaqs(GROUPS, '**')).toEqual([]);
  });

  it('keeps group and item order and drops groups without a match', () => {
    const result = filterFaqs(GROUPS, 'e');
    expect(result.map((g) => g.id)).toEqual(['start', 'pay']);
    expect(filterFaqs(GROUPS, 'how old').map((g) => g.id)).toEqual(['start']);
  });

  it('trims the query and folds runs of spaces', () => {
    expect(countFaqs(filterFaqs(GROUPS, '  what   does '))).toBe(1);
  });

  it('treats regular-expression characters literally', () => {
    expect(countFaqs(filterFaqs(GROUPS, '$3.99'))).toBe(1);
    expect(countFaqs(filterFaqs(GROUPS, '.*'))).toBe(0);
  });

  it('returns no groups when nothing matches, and does not change its input', () => {
    const before = JSON.stringify(GROUPS);
    expect(filterFaqs(GROUPS, 'dragon eggs')).toEqual([]);
    expect(JSON.stringify(GROUPS)).toBe(before);
  });

  it('faqMatches accepts everything for a blank query', () => {
    expect(faqMatches(GROUPS[0]!.items[0]!, ' ')).toBe(true);
  });
});

describe('the FAQ content', () => {
  it('has unique ids and non-empty questions and answers', () => {
    const ids = FAQ_GROUPS.flatMap((g) => [g.id, ...g.items.map((i) => i.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of FAQ_GROUPS.flatMap((g) => g.items)) {
      expect(item.question.trim()).not.toBe('');
      expect(item.answer.trim()).not.toBe('');
    }
  });

  it('can be searched by a word from a real answer', () => {
    const result = filterFaqs(FAQ_GROUPS, 'ethereum');
    expect(countFaqs(result)).toBeGreaterThan(0);
    expect(countFaqs(result)).toBeLessThan(countFaqs(FAQ_GROUPS));
  });
});

import { allSignCombinations, heroFor, NAMES, nextHeroId } from '../../__tests__/fixtures.js';
import { ARC_STAGES, type StoryPlan } from '../../story-plan.js';
import type { HeroProfile, PreviousChapter, WrittenChapter } from '../../types.js';
import { writeLocalChapter } from '../chapter.js';
import { ANIMAL_WORDS } from '../lexicon.js';
import { backstoryCast, generateBackstoryMarkdown } from '../backstory.js';
import { hometownOf, planStory, revisePlan, sceneOfChapter, stageOf } from './plan.js';

const sceneKey = (plan: StoryPlan, n: number) => JSON.stringify(sceneOfChapter(plan, n));

/** Writes a book chapter by chapter as the storybook service does: the plan revised, then the chapter. */
function writeBook(hero: HeroProfile, total: number): { plan: StoryPlan; chapters: WrittenChapter[] } {
  let plan = planStory(hero, { chaptersTotalCount: total });
  const previous: PreviousChapter[] = [];
  const chapters: WrittenChapter[] = [];
  for (let n = 1; n <= total; n++) {
    plan = revisePlan(plan, { chapterNumber: n, chaptersTotalCount: total, previousChapters: previous });
    const chapter = writeLocalChapter({
      hero,
      chapterNumber: n,
      chaptersTotalCount: total,
      previousChapter: previous.at(-1) ?? null,
      previousChapters: [...previous],
      plan,
    });
    chapters.push(chapter);
    previous.push({ chapterNumber: n, title: chapter.title, summary: chapter.summary });
  }
  return { plan, chapters };
}

describe('planStory', () => {
  it('casts 2–3 companions (the first the hero’s Chinese animal), a rival and a mentor, named per hero', () => {
    const firstNames = new Set<string>();
    for (const { birthdate } of allSignCombinations().slice(0, 40)) {
      const hero = heroFor(birthdate, 'Aria', nextHeroId());
      const plan = planStory(hero, { chaptersTotalCount: 10 });
      const companions = plan.cast.filter((c) => c.role === 'companion');
      expect(companions.length).toBeGreaterThanOrEqual(2);
      expect(companions.length).toBeLessThanOrEqual(3);
      expect(companions[0]!.kind).toContain(ANIMAL_WORDS[hero.chinese.sign]!.noun.toLowerCase());
      expect(plan.cast.filter((c) => c.role === 'rival')).toHaveLength(1);
      expect(plan.cast.filter((c) => c.role === 'mentor')).toHaveLength(1);
      for (const member of plan.cast) {
        expect(member.name).toMatch(/^[A-Z]/);
        expect(member.kind.length).toBeGreaterThan(3);
        expect(member.trait.length).toBeGreaterThan(3);
      }
      expect(new Set(plan.cast.map((c) => c.name)).size).toBe(plan.cast.length);
      firstNames.add(companions[1]!.name);
    }
    expect(firstNames.size).toBeGreaterThanOrEqual(35);
  });

  it('draws places from the hero’s element, with every landscape kind somewhere among all heroes', () => {
    const seen = new Set<string>();
    const homes: Record<string, string[]> = {
      Fire: ['volcano', 'desert', 'city'],
      Water: ['coast', 'river', 'marsh'],
      Air: ['sky-isles', 'mountains', 'city'],
      Earth: ['forest', 'caverns', 'ruins', 'tundra'],
    };
    for (const { birthdate } of allSignCombinations()) {
      const hero = heroFor(birthdate, 'Kael', nextHeroId());
      const plan = planStory(hero, { chaptersTotalCount: 12 });
      expect(homes[hero.western.element]).toContain(plan.places[0]!.landscape);
      expect(new Set(plan.places.map((p) => p.name)).size).toBe(plan.places.length);
      for (const place of plan.places) seen.add(place.landscape);
    }
    expect(seen.size).toBeGreaterThanOrEqual(8);
  });

  it('spreads the arc over any length, the last chapter alone resolving, with no scene twice', () => {
    const hero = heroFor('1988-12-01', 'Ines');
    for (const total of [1, 2, 3, 5, 6, 10, 30, 40]) {
      const plan = planStory(hero, { chaptersTotalCount: total });
      expect(plan.chapters.map((c) => c.chapterNumber)).toEqual(
        Array.from({ length: total }, (_, i) => i + 1),
      );
      const stages = plan.chapters.map((c) => c.stage);
      expect(stages.at(-1)).toBe('resolution');
      expect(stages.filter((s) => s === 'resolution')).toHaveLength(1);
      // Stages never go backwards.
      const order = stages.map((s) => ARC_STAGES.indexOf(s));
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      if (total >= 6) expect(new Set(stages)).toEqual(new Set(ARC_STAGES));
      expect(new Set(plan.chapters.map((_, i) => sceneKey(plan, i + 1))).size).toBe(total);
      for (const chapter of plan.chapters) {
        expect(chapter.goal.length).toBeGreaterThan(10);
        expect(plan.places.map((p) => p.name)).toContain(chapter.scene.place);
        expect(chapter.scene.moment.length).toBeGreaterThan(10);
      }
    }
    expect(stageOf(1, 6)).toBe('setup');
    expect(stageOf(6, 6)).toBe('resolution');
  });

  it('gives the cast no name the hero’s backstory already uses', () => {
    const hero = heroFor('1982-05-05', 'Bram', '1234567890abcdef1234567890abcdef');
    const plain = planStory(hero, { chaptersTotalCount: 6 });
    const taken = plain.cast.map((c) => c.name.split(' ')[0]!);
    const backstory = `# Bram\n\n${taken.map((name) => `${name} was there.`).join(' ')}`;
    const planned = planStory(hero, { chaptersTotalCount: 6, backstory });
    for (const member of planned.cast) expect(taken).not.toContain(member.name.split(' ')[0]);
  });

  it('takes the hero’s hometown from the backstory, and chapter 1 says the hero was born there', () => {
    for (const [i, birthdate] of ['1990-05-17', '1975-11-02', '2001-02-28', '1968-08-08'].entries()) {
      const hero = heroFor(birthdate, 'Tamsin Reed', `${i}`.repeat(32));
      const backstory = generateBackstoryMarkdown(hero);
      const town = String(backstoryCast(hero).homeland);
      expect(backstory).toContain(town);
      const plan = revisePlan(planStory(hero, { chaptersTotalCount: 4, backstory }), {
        chapterNumber: 1,
        chaptersTotalCount: 4,
        previousChapters: [],
      });
      expect(plan.hometown).toBe(town);
      const first = writeLocalChapter({
        hero,
        chapterNumber: 1,
        chaptersTotalCount: 4,
        previousChapter: null,
        plan,
      });
      expect(first.markdown).toContain(`in ${town}, a child of`);
    }
    // Another writer's backstory: its first birthplace.
    const hero = heroFor('1990-05-17');
    expect(hometownOf(hero, 'She was born in Port Sable, by the sea.')).toBe('Port Sable');
    expect(hometownOf(hero, 'He was born in the salt marshes of the coast of **Vell** at dawn.')).toBe(
      'Vell',
    );
    expect(hometownOf(hero, 'Born under a comet, far from anywhere.')).toBeUndefined();
    expect(hometownOf(hero, undefined)).toBeUndefined();
    expect(planStory(hero, { chaptersTotalCount: 4 }).hometown).toBeUndefined();
  });

  it('is deterministic and keeps the steering it is given', () => {
    const hero = heroFor('1979-08-15', 'Selene', 'ffeeddccbbaa99887766554433221100');
    const plan = planStory(hero, { chaptersTotalCount: 8, steering: ['The hero chose the river road.'] });
    expect(
      planStory({ ...hero }, { chaptersTotalCount: 8, steering: ['The hero chose the river road.'] }),
    ).toEqual(plan);
    expect(plan.steering).toEqual(['The hero chose the river road.']);
    expect(plan.state.chapterNumber).toBe(0);
    expect(() => sceneOfChapter(plan, 9)).toThrow(RangeError);
  });
});

describe('revisePlan', () => {
  it('grows a 3-chapter plan to 6: chapters 1–3 kept, the resolution moved to 6', () => {
    const hero = heroFor('1990-06-15', 'Vesper Lark');
    const { plan, chapters } = writeBook(hero, 3);
    const previous = chapters.map((c, i) => ({ chapterNumber: i + 1, title: c.title, summary: c.summary }));
    const grown = revisePlan(plan, { chapterNumber: 4, chaptersTotalCount: 6, previousChapters: previous });
    expect(grown.chaptersTotalCount).toBe(6);
    expect(grown.chapters.slice(0, 3)).toEqual(plan.chapters);
    expect(grown.chapters).toHaveLength(6);
    expect(grown.chapters[5]!.stage).toBe('resolution');
    expect(grown.chapters.slice(3, 5).map((c) => c.stage)).not.toContain('resolution');
    expect(new Set(grown.chapters.map((_, i) => sceneKey(grown, i + 1))).size).toBe(6);
    // Revising again with the same facts changes nothing.
    expect(
      revisePlan(grown, { chapterNumber: 4, chaptersTotalCount: 6, previousChapters: previous }),
    ).toEqual(grown);
  });

  it('grows a plan before its last chapter is written: only the new last chapter resolves', () => {
    const hero = heroFor('1975-03-21', 'Oren');
    const plan = planStory(hero, { chaptersTotalCount: 3 });
    const grown = revisePlan(plan, { chapterNumber: 2, chaptersTotalCount: 6, previousChapters: [] });
    expect(grown.chapters[0]).toEqual(plan.chapters[0]);
    expect(grown.chapters.map((c) => c.stage).filter((s) => s === 'resolution')).toHaveLength(1);
    expect(grown.chapters[5]!.stage).toBe('resolution');
  });

  it('tells where the story stands: the last place, the companions met, the objects held, an event per chapter', () => {
    const hero = heroFor('1984-10-30', 'Kael');
    const { plan, chapters } = writeBook(hero, 6);
    const previous = chapters
      .slice(0, 4)
      .map((c, i) => ({ chapterNumber: i + 1, title: c.title, summary: c.summary }));
    const state = revisePlan(plan, {
      chapterNumber: 5,
      chaptersTotalCount: 6,
      previousChapters: previous,
    }).state;
    expect(state.chapterNumber).toBe(4);
    expect(state.location).toBe(sceneOfChapter(plan, 4).place);
    expect(state.events).toHaveLength(4);
    expect(state.events[0]).toContain(chapters[0]!.summary.split('.')[0]!);
    expect(state.objectsHeld).toContain(plan.objects[0]);
    const companions = plan.cast.filter((c) => c.role === 'companion').map((c) => c.name);
    expect(state.companionsWithHero.length).toBeGreaterThan(0);
    for (const name of state.companionsWithHero) expect(companions).toContain(name);
  });
});

describe('writing from the plan', () => {
  it('continues chapter 1 in chapter 2: its place and companions named, no fresh start, no ending', () => {
    for (let k = 0; k < 10; k++) {
      const hero = heroFor(allSignCombinations()[k * 13]!.birthdate, NAMES[k % NAMES.length], nextHeroId());
      const { plan, chapters } = writeBook(hero, 5);
      const state = revisePlan(plan, {
        chapterNumber: 2,
        chaptersTotalCount: 5,
        previousChapters: [{ chapterNumber: 1, title: chapters[0]!.title, summary: chapters[0]!.summary }],
      }).state;
      const second = chapters[1]!.markdown;
      const opening = second.split('\n\n').slice(1, 3).join(' ');
      expect(opening).toContain(state.location);
      expect(state.companionsWithHero.some((name) => opening.includes(name))).toBe(true);
      // The first chapter's introductions are not made again.
      expect(second).not.toContain('was born under');
      expect(second).not.toContain('*The End*');
      expect(chapters[0]!.markdown).not.toContain('*The End*');
    }
  });

  it('tells the planned scene: its place, its key moment and the cast by name with dialogue', () => {
    const hero = heroFor('1991-04-02', 'Aria');
    const { plan, chapters } = writeBook(hero, 8);
    chapters.forEach((chapter, i) => {
      const scene = sceneOfChapter(plan, i + 1);
      expect(chapter.markdown).toContain(scene.place);
      expect(chapter.markdown).toContain(scene.moment);
      expect(scene.companions.some((name) => chapter.markdown.includes(name))).toBe(true);
      expect(chapter.markdown).toMatch(/"[^"]+," \S+/);
    });
    expect(chapters.at(-1)!.markdown.trimEnd().endsWith('*The End*')).toBe(true);
  });
});

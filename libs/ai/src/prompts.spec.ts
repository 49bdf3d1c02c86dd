import { allSignCombinations, articleMistakes, heroFor } from './__tests__/fixtures.js';
import { composeHeroArt, describeHeroShot } from './local/art.js';
import { planStory, revisePlan } from './local/story/plan.js';
import { chapterUserPrompt, imagePrompt } from './prompts.js';
import { IMAGE_ANGLES } from './types.js';

describe('the image prompt', () => {
  it('puts "an" before a vowel sound for every sign and element ("an earth-aligned", "an air-aligned")', () => {
    const prompts = allSignCombinations().map((combo) => imagePrompt(heroFor(combo.birthdate), 'front'));
    expect(prompts.flatMap(articleMistakes)).toEqual([]);
    expect(prompts.some((prompt) => prompt.includes('an earth-aligned fantasy adventurer'))).toBe(true);
  });

  it('describes the shot the local art draws (pose, setting, clothing, animal) and new shots per variant', () => {
    const hero = heroFor('1991-04-02', 'Aria', '0123456789abcdef0123456789abcdef');
    for (const angle of IMAGE_ANGLES) {
      const shot = describeHeroShot(hero, angle);
      const prompt = imagePrompt(hero, angle);
      for (const words of [shot.pose, shot.setting, shot.character, shot.animal, shot.camera]) {
        expect(prompt).toContain(words);
      }
      const local = composeHeroArt(hero, angle).prompt;
      expect(local).toContain(shot.pose);
      expect(local).toContain(shot.setting);
      expect(imagePrompt(hero, angle, 1)).not.toBe(prompt);
      expect(imagePrompt(hero, angle, 1)).toContain(shot.character);
    }
  });
});

describe('the chapter prompt', () => {
  const hero = heroFor('1991-04-02', 'Aria', '00112233445566778899aabbccddeeff');

  it('tells the model the plan: cast, conflict, this chapter’s stage, goal and scene, and where the story stands', () => {
    const previousChapters = [1, 2, 3].map((n) => ({
      chapterNumber: n,
      title: `Title ${n}`,
      summary: `Summary of chapter ${n} in the Reed Town. They go on.`,
    }));
    const plan = revisePlan(planStory(hero, { chaptersTotalCount: 8, steering: ['Aria spared the wolf.'] }), {
      chapterNumber: 4,
      chaptersTotalCount: 8,
      previousChapters,
    });
    const prompt = chapterUserPrompt({
      hero,
      chapterNumber: 4,
      chaptersTotalCount: 8,
      previousChapter: previousChapters[2]!,
      previousChapters,
      plan,
    });
    const chapter = plan.chapters[3]!;
    expect(prompt).toContain('Chapter 4 of 8');
    expect(prompt).toContain(plan.conflict);
    for (const member of plan.cast)
      expect(prompt).toContain(`- ${member.name} (${member.role}): ${member.kind}`);
    expect(prompt).toContain(`stage of the arc: ${chapter.stage}. Its goal: ${chapter.goal}`);
    expect(prompt).toContain(
      `at ${chapter.scene.place} (${chapter.scene.landscape}), ${chapter.scene.timeOfDay}`,
    );
    expect(prompt).toContain(chapter.scene.moment);
    expect(prompt).toContain(`Where the story stands after chapter 3: at ${plan.state.location}`);
    expect(prompt).toContain('Aria spared the wolf.');
    expect(prompt).toContain(`The next chapter goes to ${plan.chapters[4]!.scene.place}`);
    expect(prompt).toMatch(/no "The End"/);
    // Every earlier chapter's summary, oldest first, the previous one last.
    const at = previousChapters.map((c) => prompt.indexOf(c.summary));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('still works without a plan: the first chapter introduces, the last one closes', () => {
    const first = chapterUserPrompt({ hero, chapterNumber: 1, chaptersTotalCount: 5, previousChapter: null });
    expect(first).toContain('Chapter 1 of 5');
    expect(first).not.toContain('story plan');
    const last = chapterUserPrompt({
      hero,
      chapterNumber: 5,
      chaptersTotalCount: 5,
      previousChapter: { chapterNumber: 4, title: 'The Gate', summary: 'They reached the gate.' },
    });
    expect(last).toMatch(/last chapter: bring the story to a close/);
    expect(last).toContain('"The Gate". Its summary: They reached the gate.');
  });
});

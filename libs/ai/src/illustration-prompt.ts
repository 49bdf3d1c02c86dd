/**
 * The image-model prompt of a chapter's illustration: the planned scene when the story plan gives one
 * (place, landscape, hour, weather, companions, moment), else the scene read from the chapter's text,
 * and the hero as the portraits show it.
 */
import { withIndefiniteArticle } from '@starborn/zodiac';
import { sentencesOf } from './chapter-format.js';
import { readChapterScene, sceneWordCount, type ChapterScene } from './local/chapter-scene.js';
import { heroDesign, TIME_WORDS, WEATHER_WORDS } from './local/art.js';
import { describeCharacter } from './local/art/character.js';
import { LANDSCAPE_WORDS } from './local/art/landscapes.js';
import { ANIMAL_WORDS } from './local/lexicon.js';
import type { PlannedScene } from './story-plan.js';
import type { IllustrationRequest } from './types.js';

/** Sentences of the chapter quoted to the model, and the most characters of each. */
const KEY_SENTENCES = 3;
const SENTENCE_CHARS = 280;

const PLACES: Record<ChapterScene['setting'], string> = {
  sea: 'by the sea or a great water',
  mountains: 'in the mountains',
  forest: 'in a forest',
  town: 'in a town',
  marsh: 'in marsh country',
  desert: 'in dry, volcanic desert country',
  caverns: 'in a cave or a mine',
  hills: 'in open, hilly country',
};

const WEATHER: Record<ChapterScene['weather'], string> = {
  clear: 'clear weather',
  rain: 'rain',
  snow: 'snow',
  fog: 'fog and mist',
  storm: 'a thunderstorm',
  wind: 'strong wind',
};

const CREATURES: Record<ChapterScene['creatures'][number], string> = {
  birds: 'birds',
  dragon: 'a dragon',
  beast: 'an animal companion or beast',
  serpent: 'a serpent',
};

const ELEMENT_LIGHT: Record<string, string> = {
  Fire: 'ember reds and molten gold',
  Earth: 'moss green and amber',
  Air: 'lavender and pale blue',
  Water: 'deep blue and teal',
};

/** The chapter's markdown as prose: no heading, no markup, no scene breaks. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/^#.*$/gm, ' ')
    .replace(/\\\*/g, ' ')
    .replace(/[*_`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The few sentences that show the scene best (the most place, weather, time and creature words), in
 * the chapter's order; the opening sentences when none names any.
 */
export function keySentences(markdown: string, count = KEY_SENTENCES): string[] {
  const sentences = sentencesOf(proseOf(markdown));
  const ranked = sentences
    .map((sentence, index) => ({ sentence, index, score: sceneWordCount(sentence) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.sentence);
  const chosen = ranked.length > 0 ? ranked : sentences.slice(0, count);
  return chosen.map((sentence) =>
    sentence.length > SENTENCE_CHARS ? `${sentence.slice(0, SENTENCE_CHARS - 1).trimEnd()}…` : sentence,
  );
}

/** Where, when and with whom a planned scene happens, and its key moment, for the model. */
function plannedSceneLines(request: IllustrationRequest, scene: PlannedScene): string[] {
  const cast = request.cast ?? [];
  const companions = scene.companions.map((name) => {
    const kind = cast.find((member) => member.name === name)?.kind;
    return kind ? `${name} (${kind})` : name;
  });
  return [
    `The scene takes place at ${scene.place}, ${LANDSCAPE_WORDS[scene.landscape]} ${TIME_WORDS[scene.timeOfDay]}${WEATHER_WORDS[scene.weather] || ', in clear weather'}.`,
    companions.length ? `With the hero: ${companions.join(', ')}.` : 'The hero is alone.',
    `Show this moment, the hero ${ACTION_WORDS[scene.action]}: ${scene.moment}`,
  ];
}

const ACTION_WORDS: Record<PlannedScene['action'], string> = {
  travel: 'on the move',
  fight: 'fighting',
  discover: 'discovering something',
  parley: 'in a tense parley',
  rest: 'resting',
  escape: 'escaping',
  ritual: 'performing a rite',
  celebrate: 'celebrating',
};

export function illustrationPrompt(request: IllustrationRequest): string {
  const { hero } = request;
  const animal = ANIMAL_WORDS[hero.chinese.sign]?.noun ?? hero.chinese.sign;
  const character = describeCharacter(heroDesign(hero).character);
  let sceneLines: string[];
  if (request.scene) {
    sceneLines = plannedSceneLines(request, request.scene);
  } else {
    const scene = readChapterScene(request.title, request.markdown);
    const when = scene.timeOfDay ? `, at ${scene.timeOfDay === 'day' ? 'midday' : scene.timeOfDay}` : '';
    const creatures = scene.creatures.length
      ? ` With ${scene.creatures.map((creature) => CREATURES[creature]).join(' and ')}.`
      : '';
    const quoted = keySentences(request.markdown).map((sentence) => `"${sentence}"`);
    sceneLines = [
      `The scene takes place ${PLACES[scene.setting]}${when}, in ${WEATHER[scene.weather]}.${creatures}`,
      `Show this moment of the chapter: ${quoted.join(' ')}`,
    ];
  }
  return [
    `A wide illustration for Chapter ${request.chapterNumber}, "${request.title}", of a fantasy storybook.`,
    ...sceneLines,
    `The hero in the scene is ${hero.name}, ${withIndefiniteArticle(`${hero.western.element.toLowerCase()}-aligned`)} fantasy adventurer born under ${hero.western.sign} in ${withIndefiniteArticle(hero.chinese.element)} year of the ${animal}, with ${character}.`,
    `Colours of the hero's element: ${ELEMENT_LIGHT[hero.western.element] ?? 'starlight silver and deep blue'}.`,
    'Painterly digital fantasy illustration, landscape 3:2 composition, cinematic lighting, suitable for all ages, no text, no watermark.',
  ].join(' ');
}

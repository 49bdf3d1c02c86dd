import { h3, p, quote, ul, type Section } from '../types';

/** "Zodiac Hero Archetypes": the article body. */
export const ZODIAC_HERO_ARCHETYPES_INTRO: readonly string[] = [
  'Long before anyone printed a horoscope column, people told stories about heroes. And long before those stories were written down, the tellers looked up at the same night sky we see, traced shapes between the stars and hung their myths on them. The twelve signs of the Western zodiac are, in a sense, the oldest cast list in the world: a ram, a bull, twins, a crab, a lion, a maiden, a pair of scales, a scorpion, an archer, a sea-goat, a water-bearer and two fish, each with a temperament that storytellers have drawn on for more than two thousand years.',
  "At Starborn we use those temperaments as the raw material for heroes. This article explains how: what an archetype is, how the four elements set a hero's basic energy, what each of the twelve signs brings to a story, and why the Chinese zodiac adds a second and often surprising layer.",
];

export const ZODIAC_HERO_ARCHETYPES_SECTIONS: readonly Section[] = [
  {
    id: 'what-is-an-archetype',
    title: 'What we mean by an archetype',
    blocks: [
      p(
        "An archetype is a pattern that keeps coming back in stories because it reflects something we recognise in people. The psychologist Carl Jung used the word for images he believed were shared across cultures; the mythologist Joseph Campbell traced how the same hero's journey appears in tales from ancient Mesopotamia to modern cinema. Writers tend to use archetypes less reverently, as a starting point. A reader who meets a brash young warrior or a wise old mentor understands them at once, and that instant recognition leaves the writer free to surprise.",
      ),
      p(
        'The zodiac works the same way. Saying a hero is a Leo tells you something immediately, namely warmth, pride and a taste for the spotlight, without telling you everything. The interesting part of any archetype is what one particular character does with it: the Leo who hides from the crowd, the Aries who has learned to wait, the Pisces who finally acts on a dream.',
      ),
    ],
  },
  {
    id: 'four-elements',
    title: 'Four elements, four kinds of courage',
    blocks: [
      p(
        'Before the individual signs, there are the elements. Astrology sorts the twelve signs into four groups of three, and each group describes a different way of meeting the world. For a storyteller, the most useful way to read them is as four kinds of courage.',
      ),
      ul(
        '**Fire** (Aries, Leo, Sagittarius) is the courage of action. Fire heroes charge, inspire and explore. Their stories are about what happens when momentum meets an obstacle that cannot be outrun.',
        '**Earth** (Taurus, Virgo, Capricorn) is the courage of endurance. Earth heroes hold the wall, tend the wounded and build what will outlast them. Their stories test patience, loyalty and the willingness to do the unglamorous work.',
        '**Air** (Gemini, Libra, Aquarius) is the courage of ideas. Air heroes persuade, bargain and imagine a different order of things. Their stories turn on words, wits and the moment when an idea has to become a deed.',
        '**Water** (Cancer, Scorpio, Pisces) is the courage of feeling. Water heroes protect, transform and dream. Their stories go inward, to loyalty, grief, desire and the secrets people keep.',
      ),
      p(
        'The element is the first thing we look at when we shape a Starborn hero. It decides how the hero tends to solve problems, which in turn decides what kind of problem will really test them.',
      ),
    ],
  },
  {
    id: 'twelve-archetypes',
    title: 'The twelve hero archetypes',
    blocks: [
      p(
        'Each sign gives its hero a gift and a blind spot. The gift is why the hero is worth following; the blind spot is where the story will find them. Here is how we read each of the twelve.',
      ),
      h3('Aries: the Vanguard'),
      p(
        'The first sign of the zodiac produces the hero who is always first through the gate. Aries heroes are brave to the point of recklessness, quick to defend the weak and honest to a fault. Their arc is usually about learning that leadership is not the same as going first, and the best Aries stories give them a battle that cannot be won by charging.',
      ),
      h3('Taurus: the Warden'),
      p(
        'Taurus heroes stand their ground. They guard a grove, a bridge, a promise, and once they have decided something, no army can move them. They are slow to anger and impossible to forget when roused. Their story begins when holding on becomes the wrong choice and the most steadfast hero in the realm has to change.',
      ),
      h3('Gemini: the Envoy'),
      p(
        'Gemini heroes talk their way past dragons. They are messengers, spies, bards and tricksters in the tradition of Hermes, fluent in every tongue and welcome in every court. Their gift is adaptability; their test is commitment. Sooner or later the Envoy must choose one side, one path or one friend, and live with the cost.',
      ),
      h3('Cancer: the Hearth-Guardian'),
      p(
        "No hero fights harder for home than a Cancer. Home might be a village, a ship's crew or a found family of misfits, but the Crab defends it with a ferocity that surprises its enemies. Ruled by the Moon, these heroes read moods like weather. Their arc is about leaving the shell: protecting people without smothering them, and risking the open road.",
      ),
      h3('Leo: the Sovereign'),
      p(
        'Leo heroes are born, or believe they were born, to lead. They are generous, magnetic and fiercely loyal to those who follow them, the exiled prince and the champion of the arena. Their dragon is usually pride. A Leo story is at its best when the crown has to be earned rather than claimed, and when the Lion discovers that a leader can also kneel.',
      ),
      h3('Virgo: the Healer-Artificer'),
      p(
        'Virgo heroes notice the crack in the dam before anyone else. They mend armour, decipher maps, brew remedies and fix the plans that braver heroes made in a hurry. Theirs is the quiet heroism of competence. Their arc often turns on perfectionism: learning to act before everything is certain, and letting themselves be seen as more than useful.',
      ),
      h3('Libra: the Arbiter'),
      p(
        'The only sign symbolised by an object rather than a creature, Libra gives us the peacemaker between warring houses, the duellist with a code, the judge who cannot be bought. Libra heroes believe in fairness and can charm almost anyone into a truce. Their hardest moment comes when balance is impossible and they must take a side.',
      ),
      h3('Scorpio: the Shadow-walker'),
      p(
        'Scorpio heroes live where others fear to look. They are the avenger, the spy, the survivor who came back from the underworld. Theirs is the archetype of transformation: they can lose everything and rise again changed. Their blind spot is the grudge. The great Scorpio story is the one in which vengeance is within reach and the hero chooses something else.',
      ),
      h3('Sagittarius: the Wayfarer'),
      p(
        'The Archer aims at the horizon. Sagittarius heroes are explorers, pilgrims and wandering philosophers, cheerful company on the road and always curious about what lies beyond the next hill. They flee boredom the way other heroes flee danger. Their arc asks what happens to the people they leave behind, and what it would take to make them stay.',
      ),
      h3('Capricorn: the Builder'),
      p(
        'The sea-goat climbs the mountain one patient step at a time. Capricorn heroes are founders of cities, generals of hard campaigns and heirs who rebuild a fallen house. They plan for decades and rarely complain. Their stories ask what the summit cost, and whether the climber can learn to let others carry part of the weight.',
      ),
      h3('Aquarius: the Visionary'),
      p(
        'Aquarius heroes see the world that could be. They are inventors, rebels and liberators who break unjust rules because they can imagine better ones. Their detachment makes them hard to corrupt and sometimes hard to reach. The Aquarius arc is about learning to love people as well as humanity: the one friend in front of them, not only the cause.',
      ),
      h3('Pisces: the Dreamer'),
      p(
        'The last sign of the zodiac gathers all the others into its depths. Pisces heroes are seers, healers and walkers between worlds, gifted with compassion and a porous border between waking and dreaming. They can feel the suffering of a stranger across a crowded square. Their story is about grounding a vision: turning a dream into a deed before the tide carries it away.',
      ),
    ],
  },
  {
    id: 'second-sky',
    title: 'The second sky: your Chinese zodiac animal',
    blocks: [
      p(
        'A Western sign comes from the day and month you were born. The Chinese zodiac works on a different clock entirely: each animal rules a whole lunar year, beginning at the Chinese new year in late January or February. That is why every Starborn hero has two signs, and why two heroes with the same Western sign can feel completely different.',
      ),
      p(
        'The second layer often complicates the first in interesting ways. An Aries born in a year of the Ox is a charge with staying power, a vanguard who can also hold a line. A Pisces born in a year of the Tiger is a dreamer with claws. A Libra Snake weighs every side with unnerving patience, while a Libra Monkey might tip the scales with a well-timed joke. The traditional Chinese compatibilities, such as the "three harmonies" that bind Rat, Dragon and Monkey, become natural alliances when heroes meet in a shared story.',
      ),
      quote(
        'A sign is a costume the hero is born wearing. The story is what they do in it.',
        'A note pinned above our writing desk',
      ),
    ],
  },
  {
    id: 'flaws',
    title: 'Why flaws are the engine',
    blocks: [
      p(
        'Every Starborn hero comes with weaknesses as well as strengths: impatience, stubbornness, restlessness, moodiness, pride, perfectionism, indecision, jealousy, the list goes on. We do not include them to be unkind. A hero without flaws has nowhere to go. The weakness is the door through which the story enters, and overcoming it, or failing to, is what makes the ending matter.',
      ),
      p(
        "When you read your hero's profile, look at the weaknesses first. They are the best guide to the kind of trial your hero is built for.",
      ),
    ],
  },
  {
    id: 'your-own-stories',
    title: 'Using the archetypes in your own stories',
    blocks: [
      p(
        'Whether you are writing a novel, running a tabletop campaign or just thinking about your own hero, a few habits make the zodiac a richer tool:',
      ),
      ul(
        '**Start with the element** to decide how the hero solves problems: by acting, enduring, thinking or feeling.',
        "**Use the sign** for the hero's defining gift and the blind spot that goes with it.",
        '**Let the Chinese animal complicate things**, adding a second temperament that pulls against the first.',
        '**Borrow a rival from across the wheel.** Opposite signs make natural foils: Aries and Libra, Taurus and Scorpio, Gemini and Sagittarius, Cancer and Capricorn, Leo and Aquarius, Virgo and Pisces.',
        '**Break the pattern once.** Give the Leo a moment of real humility or the Scorpio a moment of open trust, and readers will remember it.',
      ),
      p(
        'If you want to see what the stars make of you, the [Zodiac Guide](/zodiac-guide) lists the dates, elements and traits of every sign and animal, and [Create Hero](/create) will turn your own birth date into a hero in about half a minute.',
      ),
    ],
  },
];

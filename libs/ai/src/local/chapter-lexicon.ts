/**
 * Word banks for the local chapter writer: the premises a storybook can follow, the places its
 * chapters visit, element-flavoured action and weather, and names for the people met on the road.
 * Templates use the grammar of grammar.ts; the keys they use are built in chapter-world.ts.
 */

/** What a story is about: its threat, the quest against it, and how it can end. */
export interface Premise {
  id: string;
  /** Names of the threat; one is chosen per hero. */
  threats: readonly string[];
  /** A noun phrase: "{threat} is …". */
  threatNature: string;
  /** A short clause in the present tense, for summaries: "the stars of the Ram are going out". */
  problem: string;
  /** The first sign of trouble, a full clause in the past tense. */
  symptom: string;
  /** What happens if the quest fails, a clause. */
  stake: string;
  /** What the companions see in a town along the road, clauses in the past tense. */
  signsHere: readonly string[];
  /** A night-sky sentence reminding the reader of the threat. */
  nightSigns: readonly string[];
  goal: { full: string; short: string; desc: string };
  /** The object the hero carries to the goal. */
  questItem: string;
  questItemDesc: string;
  /** An infinitive without "to": "{name} must …". */
  quest: string;
  minions: string;
  /** Completes "{threat} …" (the secret of its origin), in the past tense. */
  origins: readonly string[];
  /** A noun phrase: the one thing the threat cannot abide. */
  bane: string;
  /** Completes "{name} waited, and then …": how the hero uses the bane at the end. */
  finaleAct: string;
  /** How the threat was beaten, for summaries: "{name} defeated {threat} …". */
  victoryHow: string;
  /** What is left where the threat stood. */
  remnant: string;
  /** A clause: the world put right. */
  restored: string;
  /** A short clause for summaries: "the stars of the Ram burn again". */
  restoredShort: string;
}

export const PREMISES: readonly Premise[] = [
  {
    id: 'fading-stars',
    threats: ['the Star-Eater', 'the Lantern Thief', 'the Hollow Moon'],
    threatNature:
      'a hunger in the shape of a tall figure cloaked in night, that had learned to drink starlight the way a drunkard drinks wine',
    problem: 'the stars of {signFigure} are going out',
    symptom:
      'the stars of {signFigure} were going out, one at a time, like lamps in a house where someone walks from room to room, putting them out',
    stake:
      'when the last star of {signFigure} went dark, the sky over {homeland} would stay empty for a thousand years',
    signsHere: [
      'people stood in the streets at night and counted the stars of {signFigure} aloud, and every night the count was lower',
      'the star-readers had shut their shop and hung a black cloth over the sign, as if someone had died',
      'a street preacher stood on the fountain at night and read out the names of the lost stars, one by one, to nobody',
      'the lamplighters had started lighting the lamps at noon, just in case',
    ],
    nightSigns: [
      'Another star of {signFigure} had gone out since {homeland}; the shape of {signFigure} looked broken now, like a drawing half rubbed away',
      'Where {brightStar} should have burned there was only a faint, sickly smudge, as if the sky had been wiped with a dirty thumb',
      'The sky around {signFigure} was emptier than it had been even a week ago, and the other stars seemed to huddle away from the gap',
      'A falling star crossed the sky, and {name} could not help wondering whether it was falling or fleeing',
    ],
    goal: {
      full: 'the Observatory of the First Readers',
      short: 'the Observatory',
      desc: 'a white tower at the edge of the world, where the sky comes down to meet the sea',
    },
    questItem: 'the Lamp of {brightStar}',
    questItemDesc:
      'It was no bigger than a fist and gave off a faint, patient light, as if it were waiting for something',
    quest: 'carry the Lamp of {brightStar} to the Observatory and light the dying stars again',
    minions: 'hounds of smoke',
    origins: [
      'had once been a star-reader of the Observatory, who loved the stars so fiercely that it wanted to keep every one of them for itself',
      'was born on the night {foe} fell, out of the darkness that old enemy left behind',
    ],
    bane: 'light that is given away freely',
    finaleAct: 'held {questItem} high and gave its light away, all of it, freely, to the sky',
    victoryHow: 'by giving the light of {questItem} away freely',
    remnant: "a small, ordinary star-reader's lamp, burnt out and cold",
    restored: 'one by one, the stars of {signFigure} kindled again above the tower',
    restoredShort: 'the stars of {signFigure} burn again',
  },
  {
    id: 'broken-calendar',
    threats: ['the Thirteenth Beast', 'the Uninvited', 'the Nameless Animal'],
    threatNature:
      'the creature the Jade Emperor turned away from the Great Race, which had waited a thousand years for a year of its own',
    problem: 'the seasons have come loose from the calendar',
    symptom:
      'the seasons had come loose: snow fell on the summer orchards, the river ran backwards at noon, and the almanacs of {homeland} had begun to contradict themselves',
    stake:
      'if the wheel of the twelve animals was not mended, the year of the {animalNoun} would never come round again, and those born under it would belong to no year at all',
    signsHere: [
      'the apple trees were blossoming, fruiting and dropping their leaves all in the same week',
      'the town clock struck thirteen at every hour, and nobody could say which day it was',
      'the hens had started laying at midnight, and the cockerels crowed at the moon',
      'a woman was selling snowballs and strawberries from the same barrow',
    ],
    nightSigns: [
      'Overhead the moon was wrong, full when it should have been new, as if the calendar had lost its place',
      'Snow was falling out of a warm summer sky, and the crickets, confused, sang through it',
      'Spring flowers were opening in the dark, and a cold autumn wind was shaking them',
      'For a moment two moons hung over the rooftops, the real one and its ghost, and then only one',
    ],
    goal: {
      full: 'the Jade Court on the far bank of the Great River',
      short: 'the Jade Court',
      desc: 'a hall with no roof, where the wheel of the twelve animals stands under the open sky',
    },
    questItem: 'the Stone of the {animalNoun}',
    questItemDesc:
      'It was a disc of green jade carved with the {animalNoun}, warm as a living thing, and it hummed very faintly when held',
    quest:
      'carry the Stone of the {animalNoun} back to the Jade Court and set the wheel of years turning again',
    minions: 'masked riders',
    origins: [
      'was not wicked at the start, only left out: it had reached the river a day late, and the Emperor had already closed the gate',
      'had stolen one animal stone every year for twelve years, and the Stone of the {animalNoun} was the last one it needed',
    ],
    bane: 'being welcomed',
    victoryHow: 'by welcoming it into the race at last',
    finaleAct:
      'said the words nobody had said to it in a thousand years: "There is room for you. Come and run the race with us"',
    remnant: 'a tired grey animal of no kind anyone could name, curled up asleep beside the wheel',
    restored:
      'the wheel of years turned with a sound like a great breath, and the seasons slid back into their places',
    restoredShort: 'the seasons are back in their places',
  },
  {
    id: 'stolen-names',
    threats: ['the Grey Scribe', 'the Unwriter', 'the Ink Witch'],
    threatNature:
      'a scholar who had found a way to unwrite things, and had started with the simplest and most precious of them: names',
    problem: 'names are being stolen from whole villages',
    symptom:
      'people in the villages upriver were waking without their names: signposts had gone blank, letters had holes in them, and mothers stood in doorways unable to call their children home',
    stake:
      'every stolen name was bound into a book, and on the next empty page of that book was written {possessive} own name',
    signsHere: [
      'half the doors had blank nameplates, and a woman at the well asked {name}, very politely, whether they knew who she was',
      'the gravestones in the churchyard had been wiped smooth, and the mourners did not know whom they were mourning',
      'the town crier had lost his own name and now cried only "Hear ye!", because it was all he was sure of',
      "the schoolteacher had chalked every pupil's name on the classroom wall, just in case",
    ],
    nightSigns: [
      'Somewhere in the town a child was crying because it could not remember its own name, and nobody could remember it for the child',
      'In the dark the signboards creaked on their chains, every one of them blank',
      'A lamp burned in every window, and under each lamp someone was writing their own name, over and over, so as not to lose it',
      'The night was full of soft voices calling out names that nobody answered to any more',
    ],
    goal: {
      full: 'the Library Without Doors',
      short: 'the Library',
      desc: 'a library carved into the side of a mountain, where every book ever burned is said to have a copy',
    },
    questItem: 'the Silver Pen of the First Archive',
    questItemDesc:
      'It was a plain silver pen with a nib as fine as an eyelash, and ink that never dried on it',
    quest: 'find the Book of Names in the Library Without Doors and write every stolen name back',
    minions: 'paper wraiths',
    origins: [
      'had once been the archivist of {homeland}, and had unwritten its own name first, to be free of it, and had never stopped since',
      'had been an apprentice of {mentor}, sent away for reading the forbidden shelves, and had never forgiven the slight',
    ],
    bane: 'hearing its own true name spoken kindly',
    victoryHow: 'by speaking its true name kindly',
    finaleAct:
      'spoke the true name written in the oldest account, softly, as one might speak to a frightened animal',
    remnant: 'an old scholar in a grey coat, weeping quietly, who remembered at last who they had been',
    restored:
      'the stolen names flew out of the book like birds and went home to the people who had lost them',
    restoredShort: 'every stolen name has gone home',
  },
  {
    id: 'endless-night',
    threats: ['the Night Regent', 'the Lord of the Long Dusk', 'the Moth Queen'],
    threatNature:
      'a ruler who had caged the Sun-Lark, the bird that sings up the morning, and hung the cage in a tower of black glass',
    problem: 'morning comes later every day, and to {homeland} it no longer comes at all',
    symptom:
      'morning had come later every day that month, and then, in {homeland}, it had stopped coming at all; the crops leaned toward lamps, and people had begun to speak in whispers',
    stake:
      'if the Sun-Lark did not sing before midwinter, the dark would settle on the world for good, and every lamp would have to burn forever',
    signsHere: [
      'every window burned with lamps at midday, and the lamp-oil merchants had become the richest people in town',
      'the market was held by torchlight, and the flowers in the window boxes had closed and would not open again',
      'the bakers worked by candle, and the bread came out grey and sad',
      'the children had forgotten what colour the sky was supposed to be, and argued about it',
    ],
    nightSigns: [
      'The sky was the same flat black it had been for days, and the lanterns of the town were the only light in the world',
      'Far to the east, where morning should have been, there was only a thin grey line, fainter than yesterday',
      'The stars were out, as they had been for days, and nobody looked up at them any more',
      'Somewhere in the town a single rooster crowed hopefully into the dark, and then gave up',
    ],
    goal: {
      full: 'the Tower of Black Glass',
      short: 'the Black Tower',
      desc: 'a spire of dark glass standing alone on a plain of cold ash',
    },
    questItem: 'the Key of Dawn',
    questItemDesc:
      'It was a long key of pale gold, and even in the darkest room it cast a small, stubborn shadow, as if it carried its own morning',
    quest: 'reach the Tower of Black Glass and free the Sun-Lark from its cage',
    minions: 'lampless knights',
    origins: [
      'had been more afraid of the dark than anyone alive, and had decided that if the night could not be beaten it could at least be ruled',
      'had been a court astronomer who predicted an endless night and, when nobody believed it, set out to make the prediction true',
    ],
    bane: 'a song sung in the dark by someone who is afraid and sings anyway',
    victoryHow: 'by singing in the dark, afraid, and singing anyway',
    finaleAct:
      'began to sing, badly and out of tune, an old lullaby from {homeland}, and kept on singing while the dark pressed close',
    remnant: 'an empty cage of black glass, its door hanging open',
    restored:
      'the Sun-Lark sang, and the first morning in many days spilled gold across the plain and ran on, over the hills, toward {homeland}',
    restoredShort: 'morning has come back to the world',
  },
];

/** A place a chapter is set in. `{X}` is replaced by an invented name. */
export interface PlaceKind {
  full: string;
  short: string;
  desc: string;
  /** Needs an invented name; the other kinds are unique landmarks. */
  named: boolean;
}

const named = (full: string, short: string, desc: string): PlaceKind => ({ full, short, desc, named: true });
const landmark = (full: string, desc: string, short = full): PlaceKind => ({
  full,
  short,
  desc,
  named: false,
});

export const PLACE_KINDS: readonly PlaceKind[] = [
  named(
    'the salt town of {X}',
    '{X}',
    'where the houses are cut from grey salt and the wind tastes of the sea',
  ),
  named(
    'the river port of {X}',
    '{X}',
    'where barges crowd the quays and every tavern has its own song about the river',
  ),
  named('the ruined monastery of {X}', '{X}', 'whose bells had not rung for a hundred years'),
  named(
    'the high pass of {X}',
    'the {X} Pass',
    'where the snow never fully melts and the road clings to the mountain like a vine',
  ),
  named(
    'the library-city of {X}',
    '{X}',
    'where even the beggars read, and the walls are lined with shelves on the outside as well as in',
  ),
  named(
    'the border fort of {X}',
    '{X}',
    'a squat stone fort that had changed hands so often that its banners were kept in a drawer',
  ),
  named(
    'the caravan city of {X}',
    '{X}',
    'a city of tents that moves twice a year and is never in the same place on any two maps',
  ),
  named(
    'the drowned village of {X}',
    '{X}',
    'where only the rooftops and the bell tower stand above the floodwater, and people row from door to door',
  ),
  named('the orchard abbey of {X}', '{X} Abbey', 'where the monks keep bees and silence in equal measure'),
  named(
    'the island of {X}',
    '{X}',
    'a green island in a grey lake, reached by a ferry that runs only at dusk',
  ),
  named(
    'the mining town of {X}',
    '{X}',
    'built into the walls of a pit so deep that its bottom has never seen daylight',
  ),
  named('the old capital of {X}', '{X}', 'a city of broken palaces, where goats graze in the throne rooms'),
  named(
    'the tea terraces of {X}',
    '{X}',
    "where the hills are stepped like a giant's staircase and the pickers sing to one another across the valleys",
  ),
  landmark('the Whistling Canyon', 'a red gorge where the wind plays the rocks like pipes'),
  landmark('the Thousand Steps', 'a stairway cut up a cliff face by monks who counted every step'),
  landmark(
    'the Ember Market',
    'a night market held in the crater of an old volcano, where anything can be bought except a straight answer',
  ),
  landmark(
    'the Bridge of Kites',
    'a rope bridge a mile long, held up, people say, by a thousand tethered kites',
  ),
  landmark(
    'the Forest of Hanging Lanterns',
    'where travellers hang a lantern for every wish, so that the trees are never dark',
    'the Lantern Forest',
  ),
];

export interface ElementChapterWords {
  /** Completes "{name} …": the hero's element magic in action, past tense. */
  acts: readonly string[];
  /** Weather sentences, without the final full stop. */
  weather: readonly string[];
  /** Country the road crosses, noun phrases. */
  lands: readonly string[];
  nights: readonly string[];
}

export const ELEMENT_CHAPTER_WORDS: Record<string, ElementChapterWords> = {
  Fire: {
    acts: [
      'called the fire up out of bare hands, white at the heart and gold at the edges',
      'struck the {weaponNoun} against the stones, and the sparks became a wall of flame',
      'breathed out, and the air itself caught light in a long, roaring ribbon',
      'flung a handful of sparks into the dark, and every one of them became a small and furious star',
      'set the ground alight in a ring of gold fire that burned nothing it was not told to',
    ],
    weather: [
      'The days were hot and the nights smelled of cinders',
      'A dry wind came off the hills, carrying grit and the smell of distant fires',
      'Heat shimmered over the road until the stones seemed to float',
      'The grass along the road was brown and brittle, and crackled underfoot',
      'Every afternoon thunder muttered over the hills, and no rain fell',
      'The evenings were long and amber, and the crickets never stopped',
    ],
    lands: [
      'red hills where the grass grew out of old ash',
      'a country of black rock and steaming springs',
      'the scrubland at the edge of the glass desert',
      'a dry plateau of red stone and thorn trees',
      "hills of yellow grass that rippled like a lion's pelt",
      'the cinder fields, where old lava had cooled into black waves',
    ],
    nights: ['a night of dry lightning', 'a hot, restless night', 'a night that smelled of smoke'],
  },
  Earth: {
    acts: [
      'set a palm flat on the ground, and the ground answered: stone rose like a wall',
      'drove the {weaponNoun} into the earth, and the road heaved and split',
      'called to the roots beneath the road, and they came up like grasping hands',
      'stamped once, and the cobbles rose and rolled like a wave',
      'pressed both hands to a standing stone and borrowed, for a heartbeat, the strength of the whole mountain',
    ],
    weather: [
      'Rain fell steadily on fields nobody had harvested',
      'The air smelled of wet earth and crushed thyme',
      'Fog lay in the valleys, thick as wool, and lifted only at noon',
      'The roads were deep in mud, and the carts had left ruts like riverbeds',
      'Leaves lay thick in the lanes, smelling of apples and woodsmoke',
      'A cold drizzle hung over the fields like a grey curtain',
    ],
    lands: [
      'terraced hills where the vines had gone wild',
      'a country of standing stones and slow brown rivers',
      'the old forest, where the trees were older than the road',
      'wheat country, flat and gold and endless',
      'a valley of orchards gone wild',
      'the chalk downs, where giant white horses were cut into the hillsides',
    ],
    nights: ['a night of heavy fog', 'a still and heavy night', 'a night that smelled of rain on stone'],
  },
  Air: {
    acts: [
      'lifted one hand, and the wind came howling to it, hard enough to knock a grown soldier flat',
      'spoke a single word, and the wind carried it like a thunderclap',
      'spun the {weaponNoun} once, and a whirlwind rose around it, full of dust and leaves and fury',
      'drew in a breath, and every lamp and torch for a hundred paces guttered as the wind answered',
      'rose on a sudden updraught and came down among them like a falling hawk',
    ],
    weather: [
      'The wind never stopped, not for a moment',
      'Clouds raced overhead, their shadows running across the hills like herds',
      'The air was thin and bright and tasted of snow',
      'Long streamers of cloud blew across the sky all day',
      'The weathervanes spun, and the washing on every line stood out straight',
      'The air was so clear that the far mountains looked close enough to touch',
    ],
    lands: [
      'high moorland where the wind combed the grass flat',
      'a chain of windy ridges above the clouds',
      'the plateau of a hundred windmills',
      'a country of tall cliffs and nesting birds',
      'the heath, where the heather hummed with bees',
      'a range of bare, wind-scoured hills',
    ],
    nights: ['a night of high wind', 'a night of racing clouds', 'a cold night full of whispering air'],
  },
  Water: {
    acts: [
      'called the water up from the ditches and the wells, and it came in a rushing, roaring wall',
      'turned the falling rain into a curtain of glittering needles',
      'drew a wave out of the river with one sweep of the arm',
      'called a mist out of nowhere, so thick that the enemy could not see their own hands',
      'pulled the damp from the air into a spinning blade of ice',
    ],
    weather: [
      'Rain came and went all day, soft and grey',
      'Mist rose off the marshes and hung in the reeds',
      'The rivers were high and loud with meltwater',
      'The fog came in off the water every evening and did not lift until noon',
      'Puddles lay in every rut, silver under the grey sky',
      'A fine, steady rain fell, the kind that soaks through everything',
    ],
    lands: [
      'the marsh country, all reeds and herons and hidden channels',
      'a coast of grey cliffs and small fishing villages',
      'the lake country, where the road ran along the water for days',
      'the rice terraces, flooded and shining',
      'a river valley of willows and water mills',
      'the fen, where the paths were planks laid over black water',
    ],
    nights: ['a night of soft rain', 'a misty night', 'a night loud with the sound of the river'],
  },
};

/** Given names for the people of the storybook (distinct from the backstory's). */
export const CHAPTER_NAMES = [
  'Ilse',
  'Teodor',
  'Marisol',
  'Anwen',
  'Piet',
  'Calla',
  'Ronan',
  'Sefa',
  'Hollis',
  'Niamh',
  'Oskar',
  'Juno',
  'Tamsin',
  'Elio',
  'Rhea',
  'Cato',
  'Lumi',
  'Dagny',
];

export const ENVOY_ROLES = [
  "a courier of the star-readers' guild",
  'a temple messenger with a gift for tongues',
  "one of {mentorShort}'s former students",
  'a scout of the border watch',
];

export const NEW_ALLY_ROLES = [
  'a river pilot with a laugh that could be heard across the water',
  'a disgraced court magician who still wore the robe out of spite',
  'a travelling tinker who could mend anything with wire and patience',
  'a runaway novice from a mountain temple',
  'a mapmaker who had been everywhere at least once',
  'a retired gladiator who now grew roses',
];

export const TRIAL_GIFTS = [
  'a feather of pale gold that was warm to the touch',
  'a small bronze key with {signFigure} engraved on its bow',
  'a smooth black stone that grew cold whenever danger was near',
  'a thread of silver light that wound itself round {possessive} wrist and stayed there',
];

export const HOSTAGES = ['family', 'home village', 'younger sister', 'old teacher'];

export const ENVOY_PRICES = [
  'a promise that {homeland} would be spared, whatever else burned',
  'a tower of {envoyTheir} own in the world {threat} meant to make',
  'the safety of the people {envoyThey} loved, and nobody else',
];

export const PROPHECIES = [
  'The child born beneath this star is the only one who can finish what was begun.',
  'One born under {signFigure} in a year of the {animalNoun} will stand at {goalShort} and choose.',
  'What {threat} fears is not a blade, but a heart that will not be bought.',
];

/** Word banks for the backstory grammar: per Western sign, per Chinese animal, per element. */

export interface SignWords {
  figure: string;
  noun: string;
  ruler: string;
  /** What the sign stands for ("the sign of …"). */
  themes: string[];
  epithets: string[];
  /** Childhood scenes, completing "As a child, NAME was TRAIT to a fault, …". */
  childhood: string[];
}

export const SIGN_WORDS: Record<string, SignWords> = {
  Aries: {
    figure: 'the Ram',
    noun: 'Ram',
    ruler: 'Mars',
    themes: [
      'first sparks and new beginnings',
      'those who charge ahead where others hesitate',
      'the spring thaw and the first blade of grass',
    ],
    epithets: ['the Ram-Hearted', 'First Spark of Spring', 'Horn of the Dawn'],
    childhood: [
      'racing the older children up the watchtower stairs and winning more often than was polite',
      "challenging the blacksmith's apprentice to a wrestling match and refusing to stay down",
    ],
  },
  Taurus: {
    figure: 'the Bull',
    noun: 'Bull',
    ruler: 'Venus',
    themes: [
      'patience, gardens and things built to last',
      'the deep-rooted strength of the meadow',
      'those who stand their ground when the storm comes',
    ],
    epithets: ['the Unmoved', 'Keeper of the Green Gate', 'the Bull of the Meadow'],
    childhood: [
      'tending a corner of the orchard that bore the sweetest plums in the valley',
      'standing for an entire afternoon in the rain rather than give up a place at the well',
    ],
  },
  Gemini: {
    figure: 'the Twins',
    noun: 'Twin',
    ruler: 'Mercury',
    themes: [
      'messengers, riddles and quick tongues',
      'the two minds that share one heart',
      'crossroads and the stories told at them',
    ],
    epithets: ['the Two-Voiced', 'Messenger of the Crossroads', 'the Bright Twin'],
    childhood: [
      'learning the trade-tongues of every caravan that passed through',
      'talking a pair of bandits into escorting the village goats home',
    ],
  },
  Cancer: {
    figure: 'the Crab',
    noun: 'Crab',
    ruler: 'the Moon',
    themes: [
      'home, memory and the turning tide',
      'the shelter that a hard shell gives a soft heart',
      'the moon and all that it keeps safe',
    ],
    epithets: ['Shield of the Hearth', 'Child of the Moon-Tide', 'the Tideward'],
    childhood: [
      'bringing home every injured bird and stray cat in the district',
      'remembering the birthday of every neighbour and leaving shells on their doorsteps',
    ],
  },
  Leo: {
    figure: 'the Lion',
    noun: 'Lion',
    ruler: 'the Sun',
    themes: [
      'kings, courage and open hearts',
      'the summer sun at its height',
      'those who shine so others may find their way',
    ],
    epithets: ['the Sun-Crowned', 'Heart of the Lion', 'the Golden Mane'],
    childhood: [
      'staging plays in the market square with a cast of very reluctant cousins',
      'standing between the bigger children and the smaller ones without being asked',
    ],
  },
  Virgo: {
    figure: 'the Maiden',
    noun: 'Maiden',
    ruler: 'Mercury',
    themes: [
      'harvests, healers and careful hands',
      'the order hidden in every living thing',
      'the grain that is gathered and the seed that is saved',
    ],
    epithets: ['the Careful Hand', 'Warden of the Harvest', 'the Star of Spica'],
    childhood: [
      'cataloguing every herb in the hedgerows and which ones could heal or harm',
      "repairing the temple's broken water clock with nothing but a knife and patience",
    ],
  },
  Libra: {
    figure: 'the Scales',
    noun: 'Scales',
    ruler: 'Venus',
    themes: [
      'justice, balance and the weighing of hearts',
      'peace made between old enemies',
      'the equinox, when day and night stand equal',
    ],
    epithets: ['Keeper of the Balance', 'the Even-Handed', 'Voice of the Scales'],
    childhood: [
      "settling quarrels between the fishermen's children with judgements that even the losers accepted",
      'dividing every loaf into perfectly equal shares',
    ],
  },
  Scorpio: {
    figure: 'the Scorpion',
    noun: 'Scorpion',
    ruler: 'Pluto',
    themes: [
      'secrets, depths and rebirth',
      'those who walk through darkness and come out changed',
      'the sting that guards what is precious',
    ],
    epithets: ['the Twice-Born', 'Keeper of Secrets', 'Heart of Antares'],
    childhood: [
      'exploring the flooded crypts under the old temple long after the others had fled',
      'keeping a secret so well that even the keeper of it began to doubt it',
    ],
  },
  Sagittarius: {
    figure: 'the Archer',
    noun: 'Archer',
    ruler: 'Jupiter',
    themes: [
      'roads, arrows and far horizons',
      'seekers, wanderers and teachers',
      'the arrow that flies toward truth',
    ],
    epithets: ['the Far-Seeker', 'Arrow of the Horizon', 'the Wandering Star'],
    childhood: [
      'wandering off with a travelling troupe and returning three weeks later with a head full of songs',
      'shooting arrows over the village wall to see where they would land',
    ],
  },
  Capricorn: {
    figure: 'the Sea-Goat',
    noun: 'Sea-Goat',
    ruler: 'Saturn',
    themes: [
      'mountains, discipline and long climbs',
      'the patience of stone and the ambition of peaks',
      'those who build what the future will stand on',
    ],
    epithets: ['the Summit-Bound', 'Climber of the Long Stair', "the Sea-Goat's Heir"],
    childhood: [
      'climbing the cliff path every morning before the rest of the house had woken',
      'keeping the village accounts at an age when most children could barely count',
    ],
  },
  Aquarius: {
    figure: 'the Water-Bearer',
    noun: 'Water-Bearer',
    ruler: 'Uranus',
    themes: [
      'inventors, rebels and the pouring out of gifts',
      'the future glimpsed before others see it',
      'the water of knowledge poured for everyone',
    ],
    epithets: ['the Bearer of Tomorrow', 'the Star-Pourer', 'Voice of the New Age'],
    childhood: [
      'building a windmill out of broken barrels that actually pumped water',
      'asking questions the temple scholars had agreed never to answer',
    ],
  },
  Pisces: {
    figure: 'the Fish',
    noun: 'Fish',
    ruler: 'Neptune',
    themes: [
      'dreams, tides and the gentle mysteries',
      'the two fish that swim between this world and the next',
      'poets, healers and seers',
    ],
    epithets: ['the Dream-Walker', 'Child of the Two Tides', 'the Silver Fish'],
    childhood: [
      'drawing maps of places that did not exist and, years later, finding some of them',
      'sitting with the dying fisherman so no one had to hear his last story alone',
    ],
  },
};

export interface AnimalWords {
  noun: string;
  /** Completes "…the Great Race of the Jade Emperor, …" (a full clause ending with a full stop). */
  race: string;
  rank: string;
  motifs: string[];
}

export const ANIMAL_WORDS: Record<string, AnimalWords> = {
  Rat: {
    noun: 'Rat',
    race: "the clever Rat rode across the river on the Ox's back and leapt ashore at the last moment to finish first.",
    rank: 'first',
    motifs: [
      'In lean winters {name} always seemed to know which granary still had grain and which merchant would trade fairly, a talent the elders called "Rat-luck".',
      "A grey rat with a notched ear lived in the rafters of {name}'s house and, the family swore, squeaked a warning before every storm.",
    ],
  },
  Ox: {
    noun: 'Ox',
    race: 'the patient Ox carried the Rat across the water without complaint and plodded steadily to finish second.',
    rank: 'second',
    motifs: [
      'The farmers of {homeland} say that an Ox-born child can plough a furrow straight as a sunbeam, and {name} once did exactly that to win a bet.',
      'When the spring floods broke the dyke, {name} worked through two nights without rest, shoulder to the sandbags like the Ox in the old paintings.',
    ],
  },
  Tiger: {
    noun: 'Tiger',
    race: "the mighty Tiger fought the river's current the whole way across and came ashore third, soaked but unbowed.",
    rank: 'third',
    motifs: [
      "The sign of the Tiger was painted on {name}'s cradle to keep evil spirits away, and it seems the spirits took the hint.",
      'Hunters who met {name} in the high forest said the young hero moved through the undergrowth without a sound, like the striped lord of the mountains.',
    ],
  },
  Rabbit: {
    noun: 'Rabbit',
    race: 'the nimble Rabbit hopped from stone to stone and rode a floating log to the far bank, arriving fourth.',
    rank: 'fourth',
    motifs: [
      'On festival nights {name} would look for the Jade Rabbit in the face of the moon, grinding the elixir of life, and swear to see it wave.',
      'The Rabbit-born are said to hear danger before it arrives, and more than once {name} woke the household moments before trouble found the door.',
    ],
  },
  Dragon: {
    noun: 'Dragon',
    race: 'the great Dragon could have flown ahead but stopped to bring rain to a parched village, and still arrived fifth.',
    rank: 'fifth',
    motifs: [
      'In the New Year procession {name} always ran beneath the head of the paper dragon, as if already claiming it.',
      'Fishermen say a Dragon-born child can call the rain, and the summer {name} turned seven the drought ended on the very day of the birthday feast.',
    ],
  },
  Snake: {
    noun: 'Snake',
    race: "the cunning Snake hid coiled around the Horse's hoof and slid ahead at the finish, startling the Horse and taking sixth place.",
    rank: 'sixth',
    motifs: [
      "Riddles were {name}'s first love, and the old temple scribes learned never to bet against the Snake-born child at the lantern-riddle fair.",
      'A green snake was seen sunning itself on the doorstep the morning {name} was named, and the family took it as a blessing of quiet wisdom.',
    ],
  },
  Horse: {
    noun: 'Horse',
    race: 'the swift Horse galloped through the water and would have finished sooner had the Snake not startled it at the bank, leaving it seventh.',
    rank: 'seventh',
    motifs: [
      'No fence in {homeland} ever held {name} for long; the Horse-born, people said, are made for open country and a long horizon.',
      'The first coin {name} ever earned went on a saddle, bought years before there was any horse to put it on.',
    ],
  },
  'Sheep/Goat': {
    noun: 'Goat',
    race: 'the gentle Goat shared a raft with the Monkey and the Rooster, and the three crossed together so that the Goat came ashore eighth.',
    rank: 'eighth',
    motifs: [
      "The weavers of {homeland} claimed that a child of the Goat has an artist's hands, and {name}'s embroidered banners still hang in the council hall.",
      'Like the mountain goats on the high crags, {name} could find footing where there seemed to be none, a gift that would one day matter a great deal.',
    ],
  },
  Monkey: {
    noun: 'Monkey',
    race: 'the quick Monkey helped pull the raft through the weeds and sprang ashore ninth, laughing the whole way.',
    rank: 'ninth',
    motifs: [
      'Every trick played in {homeland} for a decade was blamed on {name}, and at least half of them were justly blamed.',
      'The Monkey King himself, the stories say, favours children born in his year, and {name} has more than once been saved by a clever idea at the last moment.',
    ],
  },
  Rooster: {
    noun: 'Rooster',
    race: 'the sharp-eyed Rooster spotted the raft that carried three animals across and arrived tenth, crowing all the way.',
    rank: 'tenth',
    motifs: [
      '{name} rose before the roosters every morning, and the village claimed the birds had simply given up competing.',
      "The Rooster-born are said to see what others miss, and it was {name} who first noticed the stranger's boots were too clean for the road he claimed to have travelled.",
    ],
  },
  Dog: {
    noun: 'Dog',
    race: 'the playful Dog stopped to bathe in the cool river and paddled in eleventh, cheerfully unbothered.',
    rank: 'eleventh',
    motifs: [
      'A scruffy hound adopted {name} as a child and never left; the Dog-born, the elders say, are loyal in a way that dogs themselves recognise.',
      'There is a saying in {homeland}: a promise from the Dog-born is worth a contract sealed in gold. {name} has never broken one.',
    ],
  },
  Pig: {
    noun: 'Pig',
    race: 'the contented Pig stopped for a feast and a nap along the way and ambled in last, in no hurry at all.',
    rank: 'twelfth',
    motifs: [
      "Feast days at {name}'s house were famous, for the Pig-born are said to bring abundance wherever they set a table.",
      'It was {name} who shared the last of the winter stores with the stranded pilgrims, trusting, as the Pig-born do, that generosity returns.',
    ],
  },
};

export interface ElementWords {
  adjective: string;
  homeKinds: string[];
  omens: string[];
  magic: string[];
  lessons: string[];
  closing: string;
  journeys: string[];
}

export const ELEMENT_WORDS: Record<string, ElementWords> = {
  Fire: {
    adjective: 'fiery',
    homeKinds: ['the ember-plains', 'the forge-town', 'the red hills', 'the sun-baked terraces'],
    omens: [
      'the hearth-fires burned green until dawn and would not be put out',
      'every candle in the house leaned toward the cradle as if to warm it',
      'a warm wind rolled in from the south smelling of cinders and summer',
    ],
    magic: [
      'a warmth in the palms that grew, on the worst nights, into a flame that did not burn its bearer',
      'sparks that rose from struck steel and hung in the air like obedient fireflies',
      'a blaze that answered anger too readily and courage best of all',
    ],
    lessons: [
      'a fire must be fed with care or it will feed on you',
      'the brightest flame casts the deepest shadow',
      'warmth is a gift and wildfire a curse, and the difference is discipline',
    ],
    closing: 'burning bright',
    journeys: [
      'the glass desert where the sand had been melted by some ancient battle',
      'the volcanic passes where the rocks themselves were warm to the touch',
    ],
  },
  Earth: {
    adjective: 'earthen',
    homeKinds: ['the terraced valleys', 'the stone villages', 'the orchard country', 'the quarry towns'],
    omens: [
      'the old well filled to the brim though no rain had fallen for a month',
      'the orchard put out blossom weeks before its season',
      'the ground hummed softly beneath the cradle all night long',
    ],
    magic: [
      'stone that softened under the hand and roots that moved aside to open a path',
      'a sense for the bones of the land, where water ran and where a mountain was weak',
      'the slow, immense strength of the mountains, borrowed for a heartbeat at a time',
    ],
    lessons: [
      'what is planted in patience is harvested in strength',
      'the mountain does not hurry and is never late',
      'every fortress is only as strong as the ground it stands on',
    ],
    closing: 'rooted deep',
    journeys: [
      'the petrified forest where every tree had turned to grey stone',
      'the endless terraces of the salt mines, lit only by lamps of crystal',
    ],
  },
  Air: {
    adjective: 'airy',
    homeKinds: ['the cliff-top villages', 'the windmill country', 'the high plateaus', 'the tower-city'],
    omens: [
      'every weathervane in the valley spun all night and the swallows sang before dawn',
      'a wind came through the shutters carrying the scent of far-off places',
      'the clouds parted in a perfect circle above the house and stayed that way until morning',
    ],
    magic: [
      'a voice that could carry across a valley and a breeze that came when called',
      'feet that the wind seemed to lift, so that leaps became short flights',
      'the knack of hearing what the wind carried: whispers, warnings and far-off songs',
    ],
    lessons: [
      'the wind cannot be caught, only understood',
      'a thought is the fastest of all travellers',
      'the open sky belongs to no one, and so it belongs to everyone',
    ],
    closing: 'free as the wind',
    journeys: [
      'the floating islands that drift above the Shattered Plateau',
      'the rope bridges strung between the spires of the Whispering Peaks',
    ],
  },
  Water: {
    adjective: 'watery',
    homeKinds: [
      'the river delta',
      'the harbour town',
      'the lake country',
      'the fishing villages of the coast',
    ],
    omens: [
      'the tide came in twice that night and left the beach strewn with silver shells',
      'rain fell softly out of a clear and starry sky',
      'the river ran silver under the moon and the fish gathered at the jetty as if to listen',
    ],
    magic: [
      'water that rose to meet the hand and mist that gathered at a whisper',
      'the gift of reading currents, of rivers, of crowds and of hearts alike',
      'a calm like deep water that could swallow fear and give back courage',
    ],
    lessons: [
      'water wins not by force but by patience',
      'even the deepest lake reflects the stars',
      'a river that forgets its source runs dry',
    ],
    closing: 'deep as the tide',
    journeys: [
      'the drowned city whose bell-towers still rang beneath the waves',
      'the mangrove labyrinth where the channels changed with every tide',
    ],
  },
};

export const PHASE_WORDS: Record<string, { flavor: string; image: string }> = {
  Wood: {
    flavor: 'growth, kindness and the green push of roots through stone',
    image: 'a young tree splitting a boulder',
  },
  Fire: {
    flavor: 'passion, daring and the light that spreads from one torch to the next',
    image: 'a beacon lit on a hilltop',
  },
  Earth: { flavor: 'steadiness, honesty and the slow wisdom of the fields', image: 'a mountain at dawn' },
  Metal: {
    flavor: 'resolve, clarity and the clean edge of a well-kept blade',
    image: 'a bell ringing in cold air',
  },
  Water: { flavor: 'depth, insight and the patience of rivers', image: 'a river carving a canyon' },
};

export const POLARITY_WORDS: Record<string, string[]> = {
  Yang: ['bold and outward-facing', 'bright and forthright', 'quick to act and slow to doubt'],
  Yin: ['quiet and watchful', 'patient and inward-looking', 'slow to anger and hard to fool'],
};

export const WEAPON_WORDS: Record<string, string[]> = {
  sword: [
    'a longsword forged from star-iron that hums faintly whenever {brightStar} is above the horizon',
    'a plain longsword with a worn leather grip, handed down by {mentor}, that has never once failed its bearer',
  ],
  staff: [
    'a tall staff cut from a lightning-struck ash and crowned with a stone that glows in the dark',
    'a staff of pale driftwood whose crown drinks in starlight by night and gives it back in battle',
  ],
  spear: [
    'a tasselled spear whose head was hammered from a fallen star',
    'a spear of black wood and bright bronze that once belonged to a captain of the old guard',
  ],
  bow: [
    'a recurve bow of horn and yew whose string sings a clear note at every shot',
    'a bow strung with silver thread that, it is said, never misses a mark lit by starlight',
  ],
};

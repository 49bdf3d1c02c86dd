import { h3, p, quote, ul, type Section } from '../types';

/** "AI Mythical Journeys": the article body. */
export const AI_MYTHICAL_JOURNEYS_INTRO: readonly string[] = [
  "Every myth you know has been told thousands of times, and no two tellings were the same. The bard in the hall changed the battle to please the chieftain; the grandmother by the fire shortened the dragon's lair for a sleepy child; the scribe who finally wrote the story down chose one version among many and quietly lost the rest. Myths were never fixed texts. They were living patterns, carried from teller to teller and reshaped each time.",
  'Artificial intelligence is the newest teller to join that long line. It is a strange one: it has read more stories than any human ever could, yet it has never sat by a fire. This article looks at what an AI actually does when it tells a mythical journey, how Starborn shapes that journey around you, and where the human part of the story still lives.',
];

export const AI_MYTHICAL_JOURNEYS_SECTIONS: readonly Section[] = [
  {
    id: 'patterns',
    title: 'Storytellers have always worked from patterns',
    blocks: [
      p(
        'In the 1930s the scholars Milman Parry and Albert Lord travelled through the Balkans to record singers who could perform epic poems thousands of lines long, from memory, night after night. What they found changed how we read Homer. The singers did not memorise a fixed text. They knew a vast stock of formulas, stock phrases, scenes and story shapes, and they composed the poem anew in each performance, fitting the pieces together to suit the moment and the audience.',
      ),
      p(
        'That is a useful way to think about an AI storyteller. A large language model has been trained on an enormous amount of text, and from it has absorbed patterns: how a quest begins, how a mentor speaks, how a betrayal is foreshadowed, how a chapter ends on a breath of suspense. When it writes, it is not looking up a story in a library. It composes, word by word, the continuation that best fits everything it has been given so far. Like the Balkan singers, it is fluent in formulas. Unlike them, it needs someone else to give it a reason to sing.',
      ),
    ],
  },
  {
    id: 'shape-of-a-journey',
    title: 'The shape of a mythical journey',
    blocks: [
      p(
        'In 1949 Joseph Campbell published The Hero with a Thousand Faces, arguing that myths from every corner of the world share one deep structure, which he called the monomyth. A hero leaves the ordinary world, crosses into a realm of wonders, faces trials and a supreme ordeal, wins a boon and returns changed, bringing something back for others. Screenwriters later boiled it down into a dozen stages that still shape films today.',
      ),
      ul(
        '**Departure:** the call to adventure, the refusal, the meeting with a mentor, the crossing of the first threshold.',
        '**Initiation:** the road of trials, allies and enemies, the ordeal in the deepest place, the reward.',
        '**Return:** the road back, the final test, and the return home with something that heals the world.',
      ),
      p(
        "Campbell's map is not the only one, and good stories often bend it. But it explains why an AI is surprisingly good at mythical journeys in particular. The structure is so widespread in the stories it has learned from that the model can follow it almost by instinct. Give it a hero and a world, and it knows that a threshold must be crossed and a price must be paid.",
      ),
    ],
  },
  {
    id: 'how-starborn-shapes-it',
    title: 'How Starborn shapes your journey',
    blocks: [
      p(
        'Fluency is not the same as meaning. Left alone, an AI tends to drift towards the most average version of a story: the brave knight, the dark lord, the prophecy. What makes a journey feel like yours is the material it is built from, and Starborn gives the AI very specific material.',
      ),
      h3('Two skies, one hero'),
      p(
        'Your birth date gives your hero a Western sign, with its element, traits, strengths and weaknesses, and a Chinese animal, with its own element, traits and traditional allies. Together they make a temperament that is far more particular than "a brave hero". A Fire-sign Aries born in a year of the Rabbit is impulsive and tender at once; a Capricorn Dragon is patient ambition with a streak of grandeur. Your hero\'s name, the one thing nobody else chose, sits at the centre of it all.',
      ),
      h3('Three images, one backstory'),
      p(
        'From that profile the generator paints your hero three times: a front portrait, a profile and an action shot, so that you meet them from different angles. Then it writes a backstory that grows out of the same traits, so the hero in the pictures and the hero in the text belong to each other. Because the strengths and weaknesses are part of the brief, the backstory has something to push against, and flaws have a way of turning into plot.',
      ),
      h3('A chapter a day'),
      p(
        "Premium stories unfold one chapter per day. That rhythm is deliberate and very old. Scheherazade survived the Thousand and One Nights by ending every night's tale at the most gripping moment; Charles Dickens published most of his novels in weekly or monthly instalments, and a famous, perhaps embellished, story has readers in New York waiting at the docks to ask arriving sailors whether Little Nell was still alive. Waiting is part of the pleasure. A daily chapter gives your hero's journey room to breathe and gives you a reason to come back.",
      ),
    ],
  },
  {
    id: 'shared-campfire',
    title: 'The shared campfire',
    blocks: [
      p(
        'Myths were first told to groups, and some of the best storytelling today still happens around a table. Anyone who has played a tabletop role-playing game knows the game master: the person who describes the world, voices its creatures and weaves what every player does into one tale.',
      ),
      p(
        "Starborn's shared stories bring that experience online. Several heroes join a room, and an AI narrator takes the game master's chair, reading what the participating heroes say and do and answering with the next turn of the story. Premium heroes take part in the action; other heroes can watch as spectators, the way a crowd might gather at the edge of the firelight. No two rooms go the same way, because no two groups of heroes are the same.",
      ),
      quote(
        'The narrator does not own the story. It holds the fire steady while the heroes decide where to walk.',
      ),
    ],
  },
  {
    id: 'honest-limits',
    title: 'What AI does well, and what it does not',
    blocks: [
      p('We think it matters to be clear about the strengths and the limits of an AI storyteller.'),
      ul(
        '**It is tireless and endlessly varied.** It can write a thousand different openings for a thousand different heroes, each shaped by their signs, and it never runs out of monsters.',
        '**It personalises at a scale no human could.** Every hero gets a story written for them, not a template with the name swapped in.',
        '**It can lose the thread.** Over long stories a model can forget details or contradict itself. Starborn keeps the story anchored with structure: a fixed hero profile, a backstory and numbered chapters.',
        '**It leans on the familiar.** Because it learns from existing stories, it can fall back on clichés and on the biases of its sources. Safety rules and careful instructions help; your feedback through [Support](/support) helps too.',
        "**It does not know you.** Your signs shape your hero's temperament, but nothing the AI writes is a prediction about your life. Astrology here is a creative language, not a forecast.",
      ),
    ],
  },
  {
    id: 'human-part',
    title: 'Where the human part lives',
    blocks: [
      p(
        'It is easy to imagine AI storytelling as a machine that talks while people listen. In practice the human part is everywhere. You choose the name that gives the hero its identity. Your birth date chooses the sky it is born under. You decide which chapter to read again, which hero to share with a friend and what your hero says when a shared story reaches its crisis. Meaning, in the end, is made by the reader. A story about courage only becomes a story about courage when someone finds it in there.',
      ),
      p(
        'That was true for the bards in the hall and the grandmothers by the fire, and it is true for us. The tools change; the need for heroes does not.',
      ),
    ],
  },
  {
    id: 'tips',
    title: "Getting the most from your hero's journey",
    blocks: [
      ul(
        '**Choose a name with weight.** A name that sounds like it has a history invites a richer one. Try saying it aloud as the first line of a legend.',
        '**Read the weaknesses as plot hooks.** They hint at the trials your hero is built for.',
        '**Keep the daily rhythm.** Reading one chapter a day turns a story into a small ritual.',
        '**Take your hero into company.** A shared story shows sides of a character that a solo tale cannot.',
        "**Compare skies with friends.** Look up each other's signs in the [Zodiac Guide](/zodiac-guide) and see whose heroes are natural allies, and whose are destined rivals.",
      ),
      p(
        'Every journey begins with a call to adventure. If you have been waiting for yours, [create your hero](/create) and see where the stars lead.',
      ),
    ],
  },
];

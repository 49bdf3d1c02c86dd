/**
 * The chapter arcs of the local writer: for each kind of chapter (the call to adventure, a journey,
 * a new ally, a trial, a hunter on the trail, a rest, a betrayal, a revelation, the darkest hour,
 * the finale, and a whole tale told in one chapter) its titles, its scenes as paragraph slots with
 * alternatives, its summaries for the next chapter, and the line the next chapter opens with.
 *
 * Templates follow grammar.ts. Keys are built in chapter.ts; every key has a capitalised twin
 * (`{threatCap}`); the rules (`<oldMistake>`, …) are in CHAPTER_RULES below. The hero has no
 * gendered pronoun: the hero is called by name, and "their" only within a clause that names them.
 */

export type ArcKind =
  | 'call'
  | 'journey'
  | 'ally'
  | 'trial'
  | 'hunt'
  | 'respite'
  | 'betrayal'
  | 'revelation'
  | 'darkest'
  | 'finale'
  | 'tale';

export interface Slot {
  options: readonly string[];
  /** May be left out to keep the chapter under its word limit. */
  optional?: boolean;
}

export interface ArcDef {
  /** Titles, without "Chapter N: ". Each is unique to its arc, so a title tells which arc wrote it. */
  titles: readonly string[];
  /**
   * How the chapter's opening, after recalling the previous chapter, brings the company on:
   * 'arrive' walks them into {place}; otherwise one of `approach` is used (the arc's own text travels).
   */
  approach: 'arrive' | readonly string[];
  /** Scenes, separated by a scene break; each scene is a list of paragraph slots. */
  scenes: readonly (readonly Slot[])[];
  /** Two to four sentences for the writer of the next chapter; every one names {threat} and {place}. */
  summaries: readonly string[];
  /** One sentence the next chapter opens with, recalling this one at {prevPlace}. */
  aftermath: readonly string[];
}

/** Rules: expanded afresh at every use. */
export const CHAPTER_RULES: Record<string, readonly string[]> = {
  oldMistake: [
    'a harsh word thrown at {mentorShort} on the day {name} left home',
    'a friend left waiting at a crossroads',
    'a fight picked that never needed picking',
  ],
  oldMistake2: [
    'a promise broken because keeping it had been inconvenient',
    'a warning ignored out of pride',
    'a stranger turned away from the door on a cold night',
  ],
};

// ---------------------------------------------------------------- shared paragraphs

const PEACE = [
  `In {homeland}, {sincePeace} had been kind. {name} had grown used to ordinary mornings: bread from the oven at the end of the lane, the market bell, {allyName1} haggling with the fishmongers over the price of everything. The {weaponNoun} hung on its peg above the hearth, and some weeks nobody looked at it at all. [It was, {name} sometimes thought, the kind of peace heroes fight for and then do not quite know how to live in.|The {animalNoun}-born are said to distrust a long peace, and {name} had begun to understand why.]`,
  `Peace had come to {homeland} slowly, the way spring comes to the high valleys, and {name} had let it. There were fences to mend and a roof that leaked, and {allyName2} had opened a small and mostly honest trading post by the well. On clear evenings {name} still climbed the old watchtower to look at the stars of {sign}, more from habit than from worry, and to remember how hard the peace had been won. [It was on one such evening that the trouble began.|That habit was how the trouble was noticed first.]`,
];

const OMEN = [
  `It began so quietly that only a child of {sign}, born in a {cElement} year, would have noticed. {symptomCap}. At first the people of {homeland} told each other it was nothing: a bad year, a strange season, a trick of the weather. {name} said nothing, but {trait1} people are poor at pretending, and {allyName1} noticed the silence and did not like it.`,
  `The first sign came on {night}. {symptomCap}. The old folk in the tea-house blamed the weather, the young blamed the old, and the temple rang its bell three times for luck. {name} sat up half the night with the star-charts {mentorShort} had left behind and found nothing in them that explained it, which was worse than finding something.`,
];

const SUMMONS = [
  `{envoy} arrived three days later, [grey with road dust|soaked to the skin] and carrying a letter sealed with {mentor}'s mark. {envoyTheyCap} was {envoyRole}, and {envoyThey} had ridden two horses half to death to get there. "{mentorShort} says it is {threat}," {envoyThey} said, before {name} had even broken the seal. "It is {threatNature}. And {mentorShort} says the stars have picked you to stop it." [{name} read the letter twice. The second time, the hand that held it was steady.|{allyName2} laughed at that, and then stopped laughing when nobody joined in.]`,
  `The knock came after midnight. On the doorstep stood {envoy}, {envoyRole}, holding a lantern in one hand and a letter from {mentor} in the other, and looking as if {envoyThey} had not slept in a week. The letter was short. It named {threat}, which it described as {threatNature}, and it ended with a line that {name} read three times: *The stars have chosen, and they have chosen you.* [{allyName1}, reading over {possessive} shoulder, let out a long, low whistle.|Behind {name}, {allyName2} quietly began to pack.]`,
];

const RESOLVE = [
  `"There is more," {envoy} said, lowering {envoyTheir} voice. "{mentorShort} has read the signs, and they are plain: {stake}." The fire cracked loudly in the silence that followed. {name} looked at the {weaponNoun} above the hearth, then at {allyName1}, then at {allyName2}, and saw that neither of them meant to argue. "Then we leave tomorrow," {name} said. "We will {quest}, if that is what it takes."`,
  `They talked until the candles guttered. {envoy} told them what {mentorShort} feared most: {stake}. {allyName1} asked practical questions about roads and rivers and money; {allyName2} asked what everyone was thinking, which was why it had to be {name}. Nobody had a good answer. In the end {name} stood, [{trait2} as ever|and the {signNoun} in {possessive} blood made the choice an easy one]. "Someone has to {quest}," {name} said. "It may as well be us."`,
];

const CONFRONTATION = [
  `{threatCap} was waiting for them. Up close it was both more and less than they had imagined: {threatNature}, and tired, in the way only very old things are tired. "You came," said {threat}. "They always come. Children of {sign} never know when to stay at home." "No," {name} agreed. "We never do."`,
  `At the top of the last stair, in a round room open to the sky, {threat} turned to face them. Nobody who was there ever described it the same way twice. It was {threatNature}; it was also, {name} saw with a jolt, lonely. "I wondered which of you it would be," {threat} said. "I hoped it would not be a child of {sign}. Your kind never give up." "No," said {name}. "We don't."`,
];

const TURN = [
  `It was not enough, because strength never is, in the stories that matter. At the very end, with {threat} looming over {name} and the world gone quiet, {name} remembered what the oldest stories said: that {threat} could not abide {bane}. So {name} lowered the {weaponNoun} and did the one thing {weakness1} had never once allowed: {name} waited. And then {name} {finaleAct}.`,
  `In the end it came down to a choice, as {mentorShort} had always said it would. {name} could strike, and perhaps win, and perhaps become something very like {threat} in the winning. Or {name} could trust the oldest stories, which said that {threat} could not abide {bane}. The {signNoun} in {name} wanted to strike. The {animalNoun}, {ctrait2} and patient, wanted to wait. For once, {name} listened to the {animalNoun}, and {finaleAct}.`,
];

const RESTORED = [
  `{threatCap} went very still. What happened next, no two of them could agree on afterwards; but when the light cleared, {threat} was gone, and where it had stood there was only {remnant}, and {restored}. {name} sat down on the cold stone and laughed, and then wept, and then laughed again, and did not care who saw.`,
  `For a long moment nothing happened at all. Then {threat} made a sound that was almost a sigh, and came apart like mist in wind, and where it had been there was only {remnant}. Outside, {restored}. {companyCap} came up the stair at a run and found {name} sitting on the floor, {questItem} in both hands, too tired to stand and too happy to mind.`,
];

const HOMECOMING = [
  `In {homeland}, {mentor} was waiting at the gate. {name} held out {questItem}, and {mentorShort} turned it over once and handed it back. "Keep it," {mentorShort} said. "You will need something to tell the story with." That night {name} climbed the old watchtower and looked up at the stars of {sign}, {signFigure} whole and bright above the rooftops, and knew that this story, at least, was finished. Others would come; they always do. But this one had ended well, and that is all any story can ask.`,
  `{homeland} had hung lanterns in every window for them. There was a feast that went on for three days and a song about {name} that got every detail wrong, which {name} loved at once. On the last night, {mentor} found {name} on the old watchtower, looking up at {signFigure} whole and bright in the sky of {sign}. "Well?" said {mentorShort}. "Well," said {name}, and smiled, and did not need to say anything else. The story was over, and it had ended well.`,
];

const THE_END = ['*The End*'];

// ---------------------------------------------------------------- arcs

export const ARCS: Record<ArcKind, ArcDef> = {
  call: {
    titles: ['The Summons', 'Word from {mentorShort}', 'An Omen over {homeland}', 'A Knock at the Door'],
    approach: [],
    scenes: [
      [{ options: PEACE }, { options: OMEN }, { options: SUMMONS }, { options: RESOLVE }],
      [
        {
          options: [
            `Packing took all of the next day, because {allyName1} wanted to bring everything and {allyName2} wanted to bring nothing, and they argued about it with the comfortable ferocity of old friends. {name} packed very little: {weaponShort}, a change of clothes, {mentorShort}'s letter, and, at the last moment, a small clay {animalNoun}, the kind given to every child born in a {cElement} year, that had sat on the windowsill since childhood. It weighed almost nothing. It seemed important.`,
          ],
        },
        {
          options: [
            `{mentorShort}'s letter had come with a parcel, and in the parcel was {questItem}, wrapped in oilcloth [and tied with blue thread|and a scrap of old star-chart]. {questItemDesc}. {name} held it for a long moment, and the gift of {element} in their blood stirred in answer, [like a dog that hears its name|like an ember breathed on]. Whatever else was uncertain, this much was not: the thing wanted to go where they were going.`,
            `In the bottom of {envoy}'s saddlebag, under a spare shirt and a great deal of bread, lay {questItem}. {questItemDesc}. {envoy} handed it over as if glad to be rid of it. "{mentorShort} said you would know what to do with it," {envoyThey} said. {name} did not know, not yet; but when {possessive} fingers closed around it, {name} felt the same pull that the stars of {sign} had always exerted, steady as a tide, and the gift of {element} woke in answer.`,
          ],
        },
        {
          options: [
            `They left {homeland} by the [east|north|river] road, {name} in front and {allyName1} and {allyName2} a step behind, arguing cheerfully about who had packed too much. Neighbours came out to watch them go. Somebody's grandmother pressed a bag of dried apricots into {possessive} hands and told {name} to come back, which was not advice so much as an order. At the last bend {name} looked back once, at the rooftops and the chimney smoke and the old watchtower against the sky, and then did not look back again.`,
            `The whole of {homeland} seemed to be at the gate when they set out, though nobody had been told. The baker gave them a loaf the size of a cartwheel. The children of the lane ran alongside for a mile, playing at heroes and monsters, until their parents called them home. {allyName1} waved until the rooftops were out of sight; {allyName2} did not wave at all, but kept looking back, and {name} pretended not to notice.`,
          ],
        },
        {
          optional: true,
          options: [
            `That first night, camped in a hollow beyond the last farm, {name} lay awake [listening to the fire settle|watching the sky]. Being {trait1} had always come easily; being patient had not, and {weakness1} had cost {name} dearly before. [{mentorShort} used to say that the road would teach what the village could not.|The {animalNoun} in {possessive} heart counselled one thing and the {signNoun} another, and as usual they did not agree.] Sleep, when it came, came late.`,
            `They camped that night by a stream, and {allyName1} cooked something that was almost soup. Afterwards {name} sat apart with {questItem} in both hands and thought about {lastFoe}, and about how the last great danger had arrived just like this, quietly, with a rumour and a letter. [{name} had been younger then, and more certain. Certainty, it turned out, did not last; courage had to be made fresh each morning, like bread.|It was the {ctrait1} streak of the {animalNoun}, more than anything, that let {name} sleep at all.]`,
          ],
        },
      ],
    ],
    summaries: [
      `{envoy}, {envoyRole}, brought {name} a warning from {mentor}: {problem}, and {threat} is behind it. {name} received {questItem} and left {place} with {allyName1} and {allyName2} to {quest}. They are now on the road to {nextPlace}.`,
      `In {place}, a letter from {mentor} carried by {envoy} told {name} that {problem}, and that {threat} is to blame. Taking {questItem}, {name} set out with {allyName1} and {allyName2}, bound for {nextPlace}.`,
    ],
    aftermath: [
      `{prevPlace} was five days behind them now, and {mentorShort}'s letter had been read so often that its folds were wearing through.`,
      `Since leaving {prevPlace}, {name} had checked on {questItem} a dozen times a day, as if it might have slipped away in the night.`,
    ],
  },

  journey: {
    titles: ['The Road to {placeShort}', 'Miles to {placeShort}', 'The Long Road', 'Where the Road Bends'],
    approach: [
      `Ahead lay {placeFull}, and a great deal of country in between.`,
      `The maps said that {placeFull} was eight days away. The maps, as {allyName2} pointed out, had been drawn by optimists.`,
    ],
    scenes: [
      [
        {
          options: [
            `The road to {place} ran through {land}, and it was not kind. For [six|seven] days the companions walked until their feet blistered and then a little further, and ate cold food because nobody had the strength to cook. {allyName1} kept their spirits up with stories, most of them untrue; {allyName2} kept the map, and kept it close, which led to arguments about whose turn it was to be lost. {weather}.`,
            `From {prevPlace} the road climbed into {land}. {weather}, and for days they met nobody but shepherds, who looked at the {weaponNoun} on {possessive} back and then, carefully, at the sky. Everywhere they went the mood was the same. Everybody knew that something was wrong; nobody wanted to say what, in case saying it made it true.`,
          ],
        },
        {
          options: [
            `"Tell me again why the stars chose you," {allyName1} said on the third evening, poking the fire with a stick. "I want to know what they were thinking." {name} laughed, which was the point. "Maybe they were not thinking at all," {name} said. "Maybe they needed somebody {trait2}, and I was standing nearest." {allyName2} snorted without looking up from the map. "{trait2Cap}," {allyName2} said. "That is one word for it."`,
            `"Do you ever wonder," {allyName2} asked one night, "what we would be doing if {mentorShort} had sent that letter to someone else?" {name} thought about it honestly, which was one of the things {allyName2} liked best about {name}. "Mending the roof," {name} said at last. "Badly." "And wishing you were here," said {allyName1} from the far side of the fire. Nobody argued with that, because it was true.`,
          ],
        },
        {
          optional: true,
          options: [
            `Children of {element} travel well in such country, and {name} felt it: the land seemed to lean toward {name} the way a dog leans toward a friend, and the {elementAdj} gift hummed quietly under the skin all day. {allyName2}, who had been born in a year of the {ally2} and felt nothing of the kind, said so at length, and asked whether the gift could not at least be persuaded to carry the packs.`,
            `There were good days too. A farmer's widow fed them on the fourth night and would take no money; on the sixth they swam in a lake so cold that {allyName1} swore it had teeth. {name} laughed more on that stretch of road than in a month at home, and noticed it, and was a little ashamed, and then decided not to be. {mentorShort} had always said that {elementLesson}; perhaps laughing was part of it.`,
          ],
        },
      ],
      [
        {
          options: [
            `On the fifth day the road simply ended. A [landslide|flood] had taken the bridge and a good part of the hillside with it, and on the far side, sitting in the rubble as if they had been waiting, were [three|four] of the {minions} of {threat}. Nothing natural watches like that: patiently, without blinking, as if time were something that happened to other people.`,
            `They were a day short of {place} when the {minions} found them. There were [three|five] of them, coming out of the dusk at the edge of the road, and the horses would not go near them. {allyName1} swore softly. {allyName2} said nothing at all, which was worse. {name} stepped in front of them both and loosened the {weaponNoun}.`,
          ],
        },
        {
          options: [
            `{name} did not wait to be attacked. [It was not the wise choice, perhaps, but it was the {signNoun}'s choice.|{weakness1Cap} might have been a flaw on another day; today it was simply speed.] The {weaponNoun} came up, and with it the gift of {element}: {name} {act}. {allyName1} took the one on the left; {allyName2} took a rock to the one on the right, with more enthusiasm than skill. It was over quickly, and afterwards there was nothing on the road but scraps of shadow melting like frost, and three very out-of-breath travellers.`,
            `It was {strength1} that saved them in the end, more than any blade. {name} saw what the others had missed: the {minions} [never crossed running water|shied from open flame|followed sound, not sight], and {name} used it, drawing them off while {allyName1} and {allyName2} slipped past. When the {minions} understood, it was too late; {name} {act}, and the road was clear.`,
          ],
        },
        {
          options: [
            `Afterwards they sat in the road and shook, the way people do when the danger has passed and the body only then notices. {allyName1} had a cut on one cheek and was inordinately proud of it. {allyName2} was quiet for a long time, and then said, to nobody in particular, that {threat} must be very frightened of them to send so many. It was meant as a joke. Nobody laughed, but everyone felt better.`,
            `They did not talk much for the rest of that day. {name} walked in front with the {weaponNoun} still in hand, and thought about how easily the {minions} had found them, and what that meant. {threatCap} knew where they were. {threatCap}, perhaps, had always known. The only question was why it had not sent more, and {name} did not like any of the answers.`,
          ],
        },
      ],
      [
        {
          options: [
            `At last they reached {placeFull}, {placeDesc}. [In better times it must have been a cheerful place.|It should have been a cheerful place.] Now {signHere}. {allyName1}, who had been looking forward to a hot meal and a soft bed, went quiet, and even {allyName2} put the map away.`,
            `They came into {placeFull}, {placeDesc}, at dusk. [It was beautiful|It was stranger than any of them had imagined], but it was frightened too: {signHere}. The innkeeper took their coins without counting them and asked, in a low voice, whether it was true that {threat} had been seen on the roads.`,
          ],
        },
        {
          optional: true,
          options: [
            `Over supper, {name} learned what they had come to learn. A [carter|pilgrim|tinker] who had passed through a week earlier had seen {minions} on the road ahead, and had heard them speak of {name} by name. [{name} put down the spoon and did not pick it up again.|{allyName2} wrote it all down, in a small and careful hand.]`,
            `That night, by the fire in the common room, an old woman who had read the stars in her youth told them about {threat}. She had seen it once, long ago, from a great distance, and she did not want to describe it. "Go quickly," was all she would say. "It knows your name already. Do not let it learn your face."`,
          ],
        },
        {
          options: [
            `Later, lying awake in a narrow bed under the eaves, {name} listened to {place} settle for the night: a dog barking, a cart on the cobbles, someone singing badly in the street below. Ordinary sounds. {name} had not known until that moment how much they were worth, or how much there was to lose. {questItem} lay on the chair beside the bed, [glowing faintly|warm to the touch], as if it too were keeping watch.`,
            `{allyName2} spread the map on the table after supper and traced the road they had come by, and then the road ahead, which was longer. "Further than yesterday," {allyName2} said firmly, as if the map had argued. {allyName1} raised a cup to that, and so did {name}, and for an hour in the warm, low-ceilinged room of the inn, further than yesterday felt like a great deal.`,
          ],
        },
      ],
    ],
    summaries: [
      `{name}, {allyName1} and {allyName2} crossed {land} to reach {placeFull}, fighting off {minions} sent by {threat} on the way. In {place} they found that {signHere}. They go on toward {nextPlace}.`,
      `The long road through {land} brought the companions to {place} after an ambush by the {minions} of {threat}, which {name} broke with {strength1} and the gift of {element}. {place} is frightened: {signHere}. Their next destination is {nextPlace}.`,
    ],
    aftermath: [
      `The road from {prevPlace} had been quieter, which none of them trusted.`,
      `They had left {prevPlace} in a hurry, with the innkeeper's blessing and half a loaf each, and had barely stopped since.`,
    ],
  },

  ally: {
    titles: [
      'A Friend of the {newAllyAnimal}',
      'The Stranger in {placeShort}',
      'An Unexpected Friend',
      'Company on the Road',
    ],
    approach: 'arrive',
    scenes: [
      [
        {
          options: [
            `They met {newAlly} in {place}, though met is a gentle word for it. {name} came round a corner of the market to find half a dozen town guards trying to arrest someone, and the someone was [winning|losing badly, but with great style]. {newAllyTheyCap} was {newAllyRole}, born, as {newAllyThey} told them later, in a year of the {newAllyAnimal}, and {newAllyThey} was in trouble for saying out loud what everybody in {place} was thinking: that {threat} was coming, and that the lords of the town had made a bargain with it.\n\n{name} had not meant to get involved. {trait1Cap} people seldom mean to; it simply happens to them. [A shove here, a word there, and the {weaponNoun} held very visibly but not drawn,|A few quick words and a look that the guards did not like,] and the guards found a reason to be somewhere else. {newAlly} straightened {newAllyTheir} coat, looked {name} up and down, and said, "Well. You must be the one the stars are making such a fuss about."`,
            `{newAlly} found them, rather than the other way round. {newAllyTheyCap} slid onto the bench opposite {name} in the busiest tavern in {place}, ordered three bowls of stew without asking, and said, "You are being watched. Two at the door, one by the fire. Eat slowly and then follow me." {newAllyTheyCap} was {newAllyRole}, born in a year of the {newAllyAnimal}, and {newAllyThey} had been waiting for a child of {sign} to come through {place} ever since the {minions} of {threat} began asking for one.\n\nThey followed, because {allyName1} said it was a trap and {allyName2} said it was not, and {name}, being {trait2}, wanted to know which. It was not. {newAlly} led them through a maze of back lanes to a loft above a stable, where it was dark and warm and smelled of hay, and there, at last, {newAllyThey} lit a lamp and grinned at them. "Welcome," {newAllyThey} said, "to the only safe room in {place}."`,
          ],
        },
      ],
      [
        {
          options: [
            `Over supper, {newAlly} told them what {newAllyThey} knew. {threatCap} had agents in every town between here and {goalShort}; they paid in silver that turned to dry leaves by morning; and they were asking, everywhere, about a {signNoun}-born traveller carrying {weaponShort}. "You are not hard to describe," {newAlly} said. "Everyone says the same: {strength1}, and {weakness1} to match."`,
            `{newAlly} knew things, a great many of them, and shared them in no particular order: which bridges were watched, which innkeepers could be trusted, which roads the {minions} avoided and why. "{threatCap} wants {questItem}," {newAllyThey} said. "Everyone in the trade knows it. The price on it would buy this whole town." {allyName1} looked at the parcel on {possessive} belt and, very quietly, moved a little closer to it.`,
          ],
        },
        {
          options: [
            `The old almanacs count the {newAllyAnimal} among the friends of the {animalNoun}, and {allyName2}, who trusted almanacs more than anyone suspected, pointed this out twice. {allyName1} was less sure. "Everybody on this road has a story," {allyName1} said quietly, "and most of them are lies." {name} listened to them both and then did what {trait2} people do, which is decide quickly and live with it.`,
            `Later, when {newAlly} had gone to see about the horses, the companions argued in whispers. {allyName1} thought {newAlly} talked too much to be honest; {allyName2} thought {newAllyThey} talked too much to be a spy. {name} thought about the {animalNoun}, {ctrait1} and careful, and about the {signNoun}, who always charged first and asked afterwards, and found for once that they agreed: give {newAlly} one night, and watch.`,
          ],
        },
        {
          optional: true,
          options: [
            `{newAlly} had a past, as everyone on that road did, and told it in pieces over the evening: a river town that no longer existed, a teacher who had vanished, and a debt to {threat} that {newAllyThey} meant to repay in full. [{name} recognised the look in {newAllyTheir} eyes: the look of someone who had been waiting a long time for a reason.|{allyName1}, who had been the most suspicious of them all, was the first to refill {newAllyTheir} cup.]`,
          ],
        },
      ],
      [
        {
          options: [
            `The test came that same night. Something scratched at the shutters a little after midnight, and by the time {name} was awake with the {weaponNoun} in hand, {newAlly} was already at the window. {newAllyTheyCap} fought [like someone who had learned in back alleys and never unlearned it|with a quiet, economical skill that spoke of long training], and between {newAllyThem} and the {elementAdj} gift in {possessive} hands, the {minions} did not stay long.`,
            `The {minions} came an hour before the bells, through the door and the window at once. It was {newAlly} who heard them first and {newAlly} who kicked over the lamp so that they fought in darkness, where {name} had the advantage: {name} {act}, and {newAlly}, laughing like a lunatic, put the last of them out through the window and into the midden below.`,
          ],
        },
        {
          optional: true,
          options: [
            `Afterwards, sitting on the stairs with a cut on {newAllyTheir} arm that {allyName2} insisted on bandaging, {newAlly} asked to come with them. {name} had already decided. "We are going to {goalShort}," {name} said. "It is a long way, and I cannot promise that it ends well." {newAlly} smiled for the first time since they had met. "Nobody can," {newAllyThey} said. "That is what makes it a road."`,
            `"So," said {newAlly} afterwards, wiping {newAllyTheir} hands on a sack. "Where are we going?" Nobody had invited {newAllyThem}. Nobody, {name} noticed, seemed to mind. "{goalShort}," {name} said. {newAlly} whistled. "Then you will need someone who knows the back roads," {newAllyThey} said, "and someone to carry the soup." It was, as {allyName1} said later, the strangest job interview in history.`,
          ],
        },
      ],
    ],
    summaries: [
      `In {place}, {name} met {newAlly}, {newAllyRole} born in a year of the {newAllyAnimal}, and learned that {threat} has agents in every town on the road. {newAlly} fought beside the companions when {minions} attacked that night, and joined the company. They travel on toward {nextPlace}.`,
      `{newAlly}, {newAllyRole}, sheltered the companions in {place} from the spies of {threat} and proved true when {minions} attacked in the night. {newAlly} now travels with {name}, {allyName1} and {allyName2}, and knows the back roads to {nextPlace}.`,
    ],
    aftermath: [
      `{newAlly} had been with them since {prevPlace}, and already it was hard to remember the road without {newAllyThem}.`,
      `Since {prevPlace} there had been an extra place at the fire, and {newAlly} had taken over the cooking, to general relief.`,
    ],
  },

  trial: {
    titles: ['The Trial at {placeShort}', 'The Gate of Mist', 'What the Mist Showed', 'The Price of Passage'],
    approach: 'arrive',
    scenes: [
      [
        {
          options: [
            `There was only one way through {place}, and it was guarded. The guardian was older than the town: [a figure of carved stone with moss in the folds of its robe|a great bronze {animalNoun} with eyes of polished jet|a blindfolded figure in white who did not seem to breathe], sitting before a gate that stood alone, with no wall on either side of it, only mist. "Every traveller pays to pass," the guardian said, in a voice like [grinding millstones|wind through a keyhole]. "Some pay in coin. You will pay in truth."`,
            `Beyond {place} the road ran into a wall of white mist, and at the edge of the mist sat a guardian who had been sitting there, the townsfolk said, since before the first stones of {place} were laid. It did not move when the companions came near. It only spoke, and its voice seemed to come from the mist itself: "No one walks this road to {threat} unless they have walked through themselves first."`,
          ],
        },
        {
          options: [
            `The trial, as the guardian told it, was simple. {name} would walk through the mist alone, and the mist would show what lay behind {possessive} bravest face. "And if I turn back?" {name} asked. "Then you turn back," said the guardian, "and your friends go home, and {threat} goes on as before." {allyName1} began to argue, loudly; {allyName2} laid a hand on {allyName1}'s arm. But {name} had already stepped forward.`,
            `"Alone," the guardian said, when {allyName1} moved to follow. "The mist is narrow, and it holds one traveller at a time." {allyName1} looked at {name}; {name} looked at the mist; and the {signNoun} in {name}, which had never in its life backed away from anything, decided the matter. "Keep the fire going," {name} said, and walked in.`,
          ],
        },
        {
          optional: true,
          options: [
            `The people of {place} spoke of the guardian the way other towns speak of the weather, with resignation and a certain pride. Most travellers, the innkeeper said, turned back. Some went through and came out changed. One or two, long ago, had not come out at all. {allyName1} asked which kind {name} was likely to be, and the innkeeper looked at {name} for a long moment and said only that the {signNoun}-born rarely turned back.`,
          ],
        },
      ],
      [
        {
          options: [
            `Inside, the mist was cold and very quiet. {name} walked for what felt like an hour and saw, one after another, every moment when {weakness1} had won: <oldMistake>, <oldMistake2>, and worse. The mist did not accuse. It simply showed, and waited, and that was harder. Somewhere ahead, a version of {name} who had never learned anything from any of it was walking toward {goalShort} too, and losing.`,
            `The mist showed {name} a road, and on the road, walking the other way, a figure who looked exactly like {name} and was everything {name} feared to be: [proud where {name} tried to be humble|quick to anger and slow to forgive], ruled by {weakness1}, leaving behind <oldMistake> and <oldMistake2>. The figure stopped and looked at {name} with great contempt. "You will never be rid of me," it said. "I know," said {name}.`,
          ],
        },
        {
          options: [
            `What carried {name} through was not courage, exactly. It was something the {animalNoun} had given {name} at birth, something {ctrait1} and unshowy: the ability to look at a failure and [call it by its name|keep walking anyway]. "Yes," {name} said to the mist, to every bad memory in it. "That was me. Sometimes it still is." And the mist, as if it had only been waiting to hear it said, thinned and parted, and there was the far side of the gate, and grass, and the ordinary sky.`,
            `It was the right answer, though {name} did not know it until the mist began to thin. A flaw named, {mentorShort} used to say, is a flaw half-tamed; and {name}, {ctrait1} as the {animalNoun} and stubborn as the {signNoun}, had just named the worst one out loud. The figure on the road faded like breath on a cold window. The mist rolled back. On the far side of the gate the sky was open, and {allyName2} was shouting {possessive} name.`,
          ],
        },
      ],
      [
        {
          options: [
            `The guardian said nothing more, but when {name} looked back the gate was gone, and where it had stood lay {trialGift}. {allyName2} picked it up, turned it over and handed it to {name} without a word. That evening by the fire nobody asked what the mist had shown. [It was the kindest thing they could have done.|{name} was more grateful for that than for any gift.]`,
            `They found {trialGift} on the flat stone where the guardian had been sitting; of the guardian itself there was no sign at all. {allyName1} wanted to know what the mist had shown. {allyName2} kicked {allyName1} gently under the table, and {name} laughed for the first time that day, and said only that it had been a fair price.`,
          ],
        },
        {
          optional: true,
          options: [
            `Later, when the others slept, {name} sat up with {questItem} in one hand and {trialGift} in the other and thought about {mentorShort}, who had once said that {elementLesson}. It had sounded like a riddle then. It sounded like instructions now. [The {signNoun} in {name} had always wanted to charge at things; perhaps, {name} thought, the {animalNoun} had the right idea after all.|Above the camp the stars of {sign} wheeled slowly, and for the first time in days {name} did not feel the need to count them.]`,
            `It was a strange thing, {name} thought that night, to feel lighter after being shown the worst of oneself. Perhaps that was the guardian's real gift. {name} fell asleep quickly, for once, and dreamed of nothing at all, and woke to find that {allyName1} had let {name} sleep through the last watch, which was its own kind of gift.`,
          ],
        },
      ],
    ],
    summaries: [
      `At {place}, an ancient guardian who knew of {threat} made {name} walk alone through a gate of mist that showed every failure of {weakness1}. {name} faced those failures instead of denying them, passed the trial and was given {trialGift}. The road now leads to {nextPlace}.`,
      `{name} passed the trial of the mist at {place}, where a guardian on the road to {threat} tests every traveller: the price was an honest look at {possessive} own worst failings. The guardian left {trialGift} behind. The companions go on to {nextPlace}.`,
    ],
    aftermath: [
      `Since the trial at {prevPlace}, {name} had been quieter, and {trialGift} had not left their pocket.`,
      `Nobody had asked about the mist at {prevPlace}, and {name} had not offered to tell.`,
    ],
  },

  hunt: {
    titles: ['The Hunter', 'Old Debts', 'Footsteps Behind', 'The Duel at {placeShort}'],
    approach: 'arrive',
    scenes: [
      [
        {
          options: [
            `{allyName1} was the first to notice that they were being followed. A rider on the ridge at dusk, two days running; footprints at the edge of the camp that belonged to none of them; a campfire behind them on the road that went out whenever they looked at it. "Somebody wants us to know," {allyName1} said. {name} already knew who. Only one person alive followed that patiently, and it was {rival}.`,
            `The first arrow struck the signpost a hand's breadth from {possessive} head, and it carried a note. *Still slow*, the note said, in a hand {name} had not seen for years and would have known anywhere. {allyName2} read it over {possessive} shoulder and asked who on earth would do such a thing. "{rival}," said {name}, and looked back along the empty road for a long time.`,
          ],
        },
        {
          options: [
            `{name} and {rival} had a long history, and very little of it was pleasant. They had crossed paths more times than either of them cared to count, and had always parted with something unsettled between them. [{rival} was {rivalAnimal}-born, quick and proud and impossible to shake off.|There had been a time, long ago, when they might have been friends.] If {threat} had hired {rival}, it had hired the one hunter in the world who knew how {name} thought.`,
            `Everyone has one person who knows exactly where their armour is thin; for {name}, it was {rival}. They had learned their trades in the same hard years, and measured themselves against each other ever since, and neither had ever quite won. That {rival} should be hunting {name} now, on the road to {goalShort}, could mean only one thing: {threat} had found the price of an old rival, and paid it.`,
          ],
        },
        {
          optional: true,
          options: [
            `That night they camped without a fire, and {name} told {allyName2} the whole story of {rival}: the first meeting, the old quarrel, the {rivalAnimal}-born pride that never bent. {allyName2} listened without interrupting, which was rare. "So," {allyName2} said at the end, "you like {rival}." {name} began to deny it, and found that it was not quite possible.`,
          ],
        },
      ],
      [
        {
          options: [
            `The chase came to a head in {place}. It was no place for a fight, which was exactly why {rival} chose it. They met [at noon in the empty market|on a narrow bridge with a long drop on either side|among the stacked barrels of the harbour], {rival} with a blade drawn and a look of great weariness, {name} with the {weaponNoun} held low.`,
            `In {place}, {rival} stopped hiding. {name} came out of the inn in the morning to find the hunter sitting on the edge of the well, sharpening a blade, waiting with the patience of someone who had been waiting for years. The people of {place} knew trouble when they saw it, and shut their doors one by one until the street was empty.`,
          ],
        },
        {
          options: [
            `"{threatCap} has my {hostage}," {rival} said, without any preamble. "It says they will all go free if I bring you in. I am sorry, {name}. I truly am." It was the first time in all their years that {rival} had ever apologised for anything, and somehow that made it worse.`,
            `"Before we start," {rival} said, "you should know why." And {rival} told it plainly, the way soldiers tell bad news: {threat} had taken {rival}'s {hostage}, and would give them back in exchange for one child of {sign}, delivered alive. "I would have refused," {rival} said. "For anyone else, I would have refused."`,
          ],
        },
      ],
      [
        {
          options: [
            `They fought, because there was nothing else to do. {rival} was faster; {name} was steadier, and had the {elementAdj} gift besides. When at last {rival}'s blade went spinning into the dust, {name} had a clear choice and a clear opening, and took neither. "Come with us," {name} said instead. "Help us reach {goalShort}, and when {threat} falls, your {hostage} goes free anyway."`,
            `The duel was short and ugly and nothing like the songs. {rival} drew first blood; {name} {act}, and {rival} went sprawling. For a moment the {weaponNoun} hovered at {rival}'s throat, and everyone in the street held their breath. Then {name} stepped back and offered a hand. "There is a better way to free your {hostage}," {name} said. "Walk with us to {goalShort}."`,
          ],
        },
        {
          options: [
            `{rival} stared for a long time. Then, slowly, {rival} laughed, a short, cracked sound. "You were always like this," {rival} said. "It is infuriating." But the blade went back into its sheath, and {rival} did not leave. [{allyName2} watched the newcomer all evening with open suspicion, and {rival} seemed to find that reassuring.|Nobody slept much that night, but in the morning there was one more traveller on the road.]`,
            `{rival} did not answer at once. But {rival} did not refuse either, and in the end, grimacing, {rival} took the hand that {name} held out. "If this goes wrong," {rival} said, "I will never forgive you." "If this goes wrong," said {name}, "neither of us will be around to mind."`,
          ],
        },
        {
          optional: true,
          options: [
            `Later, {name} found {rival} sitting alone at the edge of the firelight, sharpening a blade that did not need it. They did not talk about the old days. They talked about {goalShort}, and about {threat}, and about whether {weakness2} would get {name} killed before {threat} did, and by the end of it the old quarrel between them had become, almost without either of them noticing, a plan.`,
          ],
        },
      ],
    ],
    summaries: [
      `{rival}, {possessive} old rival, hunted the companions to {place} on the orders of {threat}, who holds {rival}'s {hostage} hostage. {name} won their duel but spared {rival} and offered an alliance instead, and {rival} joined the company. They travel on toward {nextPlace}.`,
      `At {place}, {name} faced {rival}, an old rival sent by {threat} in exchange for the freedom of {rival}'s {hostage}. {name} won, showed mercy, and persuaded {rival} to join the quest. Next the road leads to {nextPlace}.`,
    ],
    aftermath: [
      `{rival} had kept pace with them since {prevPlace}, silent and watchful, and nobody had yet decided whether that was a comfort.`,
      `Since the duel at {prevPlace}, {rival} had taken the last watch every night, and nobody had objected.`,
    ],
  },

  respite: {
    titles: ['A Night of Lanterns', 'Rest at {placeShort}', 'The Festival', 'Letters Home'],
    approach: 'arrive',
    scenes: [
      [
        {
          options: [
            `For once, the world gave them a rest. {placeCap} was [holding its midsummer fair|celebrating a wedding|marking the feast of the {animalNoun}] when they arrived, and nobody there had heard of {threat}, or cared to. For one evening the companions were simply travellers with coins in their pockets, and {name} discovered that {trait1} people can enjoy a festival after all, once they stop watching the door.`,
            `{place} had decided, as a town, to ignore the end of the world. There were lanterns strung across every street and music in every square, and when the companions limped in, dusty and grim, a child put a paper crown on {possessive} head and would not take no for an answer. {threatCap} could wait one night, the town seemed to say. {name}, to their own surprise, agreed.`,
          ],
        },
        {
          options: [
            `{allyName1} won a pie-eating contest and then lost a dancing contest, badly. {allyName2} found a bookseller and vanished for three hours. {companyMoment} {name} ate too much, laughed at things that were not very funny, and for whole minutes at a time forgot about {questItem} altogether, which was, {allyName1} said, the best thing to happen on the whole journey.`,
            `There was a roast, and a play about the Great Race in which the {animalNoun} was played by a very small child with great conviction, and dancing until the musicians fell asleep over their fiddles. {companyMoment} {allyName2} danced with everyone. {allyName1} danced with nobody and sang instead, loudly and with feeling, every song {homeland} had ever taught.`,
          ],
        },
        {
          options: [
            `Late in the evening an old storyteller took the stage in the square and told, to {possessive} astonishment, the story of {foe}, and of the young hero of {homeland} who had stood against it. The details were all wrong. The hero in the story was taller, and braver, and never once afraid. {allyName1} laughed so hard at this that a chair had to be found; {name}, red to the ears, bought the storyteller a drink and asked, very politely, for no encores.`,
          ],
        },
      ],
      [
        {
          options: [
            `Later, when the music had softened and the lanterns were burning low, {name} sat on the temple steps and wrote to {mentor}. It was not a good letter. It said that the road was long and the company was good and that {name} was only a little afraid, and it did not mention the nights, or how the fight against {lastFoe} had somehow been easier, because back then {name} had not known how much there was to lose.`,
            `Near midnight {name} slipped away from the dancing and found a quiet bench by the fountain, and there, by the light of a paper lantern, wrote a letter home. *Dear {mentorShort}*, it began, and then nothing for a long while. In the end {name} wrote about the festival, and the pies, and {allyName1}'s singing, and not one word about {threat}. Some letters are written to comfort the one who sends them.`,
          ],
        },
        {
          options: [
            `{allyName2} sat down beside {name} without asking. "You are doing it again," {allyName2} said. "Carrying all of it yourself." {name} began to deny it and then did not. "{mentorShort} used to say that {elementLesson2}," {name} said. "I think I understand it now." "Good," said {allyName2}. "Then give me half the map and go to sleep."`,
            `"You could stay, you know," {allyName2} said, appearing with two cups of spiced wine. "Here. A week. Nobody would blame you." "{threatCap} would not wait a week," said {name}. "No," {allyName2} agreed. "But it was worth saying, so that you know it is a choice. It is always a choice. That is what makes it brave." They drank to that, and then to {homeland}, and then, because {allyName2} insisted, to {allyName1}'s singing.`,
          ],
        },
      ],
      [
        {
          options: [
            `Before sleeping, {name} went out alone into the quiet streets. {nightSign}. The festival went on behind, oblivious, and {name} stood watching until the cold drove both hands deep into their pockets. Rest was a gift, {name} decided, but it was also a loan, and {threat} would be waiting to collect.`,
            `Last of all, when the town was asleep, {name} climbed to the roof of the inn and looked out over {place}. {nightSign}. It was easy, down in the lantern light, to forget. Up here it was not. {name} stayed until the cold was too much, memorising the sleeping town, so as to remember what the road was for.`,
          ],
        },
        {
          optional: true,
          options: [
            `In the morning the town gave them a proper send-off: fresh bread, mended boots, and a blessing from the temple that {allyName1} claimed to feel working almost at once. {name} looked back from the hill above {place}, at the bunting and the smoke and the people going about their ordinary day, and understood, suddenly and completely, what the whole journey was for.`,
          ],
        },
      ],
    ],
    summaries: [
      `The companions rested at {place}, where a festival gave them one peaceful evening far from {threat}. {name} wrote to {mentor}, and {allyName2} persuaded {name} to share the weight of the quest. But {problem}, and they are heading next for {nextPlace}.`,
      `At {place} the companions found a town in festival and let themselves rest for a night, though {name} never quite forgot {threat}. Letters were written home to {mentor}, and the company grew closer. They leave for {nextPlace} rested but sober.`,
    ],
    aftermath: [
      `The festival lights of {prevPlace} were a memory now, and the road had gone back to being a road.`,
      `{allyName1} was still humming the songs of {prevPlace}, and had been for three days, to everyone's regret.`,
    ],
  },

  betrayal: {
    titles: ['The Broken Seal', 'A Knife in the Dark', 'The Price of Silver', 'What {envoy} Sold'],
    approach: 'arrive',
    scenes: [
      [
        {
          options: [
            `It was a surprise to find {envoy} waiting for them in {place}, and at first a happy one. {envoyTheyCap} had ridden ahead, {envoyThey} said, on {mentorShort}'s orders, to [arrange a boat|find a guide|buy supplies] for the next stretch of the road. {envoyTheyCap} embraced {allyName1}, laughed at the state of {allyName2}'s boots, and asked {name} a great many questions about the journey, and about {questItem}.`,
            `{envoy}, who had carried {mentorShort}'s letter to {homeland} at the very beginning, was sitting in the best inn in {place} when they arrived, with a hot supper already ordered for them all. {envoyTheyCap} had news, {envoyThey} said: {mentorShort} was well, the roads ahead were clear, and there was a boat that would save them a week. It was all very welcome. It was, {allyName2} muttered afterwards, almost too welcome.`,
          ],
        },
        {
          options: [
            `Perhaps it was {strength3}, or perhaps only the {ctrait2} heart of the {animalNoun}, but {name} began to notice things. {envoy} asked too many questions about {questItem}: where it was kept, who carried it at night, whether it was heavy. And when {name} mentioned {mentorShort}, {envoy} smiled a moment too late, like someone remembering to smile.`,
            `Small things. {envoy}'s boots were new, though {envoyThey} claimed to have ridden hard for a week. {envoyTheir} purse was heavy. {envoyTheyCap} knew the name of the inn where they had stayed in {prevPlace}, though none of them had written it down. {name} noticed each thing and set it aside, the way one sets aside a splinter to deal with later, and said nothing.`,
          ],
        },
        {
          optional: true,
          options: [
            `{name} said nothing to the others, not yet. Suspicion is a poison, {mentorShort} used to say, and it poisons the one who carries it first. But that night {name} slept with {questItem} under the pillow and the {weaponNoun} within reach, and lay awake a long time listening to the inn settle, and to {envoy}'s footsteps in the next room, pacing.`,
          ],
        },
      ],
      [
        {
          options: [
            `The betrayal came at midnight. {name} woke to find the door barred from outside, the shutters nailed, and {questItem} gone from its place beneath the pillow. Down in the yard, by lantern light, {envoy} was handing it to a tall figure in a grey cloak, and around them stood [six|a dozen] {minions}, waiting patiently, as if they had always been there.`,
            `It happened in the small hours, quietly, the way the worst things do. {name} woke to the smell of smoke and the sound of hooves in the yard, and reached for {questItem}, and found nothing. From the window {name} saw {envoy} mounting a horse with the parcel under {envoyTheir} arm, and in the street beyond, waiting, the {minions} of {threat}.`,
          ],
        },
        {
          options: [
            `{name} went out through the roof, which the innkeeper would later describe as unnecessary. The {elementAdj} gift answered before {name} had even called it: {name} {act}, and the yard became chaos. {allyName1} came down the stairs with a chair leg; {allyName2} came down the drainpipe. In the end they won {questItem} back, but {envoy} vanished over the town wall, and {allyName1} had a cut across one arm that would scar.`,
            `What followed was the longest night of the journey. They chased {envoy} through the streets of {place}, across the rooftops and down to the river, fighting the {minions} at every corner. {name} {act}; {allyName2} stole a boat; {allyName1} took a wound meant for {name}. They got {questItem} back at the water's edge, prised from {envoy}'s saddle as {envoyThey} fled, but {envoy} escaped into the dark.`,
          ],
        },
        {
          options: [
            `Afterwards, {allyName2} bandaged {allyName1}'s arm by lamplight while {allyName1} swore steadily and inventively and the innkeeper counted the broken shutters. {name} stood in the gateway with {questItem} held tight, looking out into the dark where {envoy} had gone. It would have been easy to follow. It would also, {name} knew, have been exactly what {threat} wanted.`,
          ],
        },
      ],
      [
        {
          options: [
            `In {envoy}'s empty room they found a letter, unfinished, addressed to {threat}. It promised the route, the day and the hour, and at the bottom it said what {envoy} had been offered in return: {envoyPrice}. {name} read it twice, then folded it carefully and put it away. "{envoyTheyCap} was afraid," {name} said at last. "That is all. Fear makes people sell things." Nobody argued, but nobody looked comforted either.`,
            `Among the things {envoy} left behind was a purse of silver that had turned, by morning, to a handful of dry leaves, and a note in {envoyTheir} hand that explained nothing and everything: *I am sorry. {threatCap} promised me {envoyPrice}.* {allyName1} wanted to burn it. {name} kept it, folded small, as a reminder of what fear can do to a decent person.`,
          ],
        },
        {
          optional: true,
          options: [
            `"I liked {envoyThem}," {allyName1} said the next morning, at the town gate, arm in a sling. "That is the worst of it. I liked {envoyThem} very much." {name} did not answer, because there was no answer; but {name} walked close beside {allyName1} all that morning, close enough that their shoulders touched.`,
            `{mentorShort} could not have known; {name} was almost sure of it. But almost is a cold word to carry on a road, and it walked with them when they left {place} the next day, with {questItem} wrapped in three layers of cloth and tied to {possessive} belt, and nobody talking much.`,
          ],
        },
      ],
    ],
    summaries: [
      `In {place}, {envoy}, who had brought {mentorShort}'s summons at the start of the journey, turned out to be working for {threat} and stole {questItem} in the night. {name} and the companions fought off the {minions} and won it back, but {envoy} escaped and {allyName1} was wounded. They leave for {nextPlace} shaken and wary.`,
      `{envoy} betrayed the companions at {place}, selling their route to {threat} in exchange for {envoyPrice}. {name} recovered {questItem} after a night of fighting, but {envoy} escaped. Wary of everyone now, the company travels on toward {nextPlace}.`,
    ],
    aftermath: [
      `Nobody had said {envoy}'s name since {prevPlace}, but everyone was thinking it.`,
      `{allyName1}'s arm was healing, slowly, and the memory of that night in {prevPlace} was not healing at all.`,
    ],
  },

  revelation: {
    titles: ['What the Stars Knew', 'The Truth About {threat}', 'The Oldest Secret', 'Beneath {placeShort}'],
    approach: 'arrive',
    scenes: [
      [
        {
          options: [
            `The archive beneath {place} had not been opened in a hundred years, but its keeper, a very old {animalNoun}-born woman who said she had been expecting them, let them in without a word. Inside, by the light of a single lamp, the companions found what they had not known they were looking for: the oldest account of {threat}, written on silk in a hand that had faded almost to nothing.`,
            `{mentorShort} had written, in the margin of one letter, that the oldest answers were kept beneath {place}. It took the companions two days to find the door, and another to open it. Behind it lay a vault of dry, cool air and old shelves, and on the last shelf, in a box of black lacquer, lay the oldest account of {threat} in the world.`,
          ],
        },
        {
          options: [
            `It told them that {threat} {origin}. {name} read it aloud, slowly, while {allyName2} held the lamp. When the reading was done nobody spoke. It is one thing to fight a monster; it is another to learn that the monster had a beginning, and that the beginning was, in its way, an ordinary and a sad one.`,
            `The account was short, and it did not flatter anyone. {threatCap}, it said, {origin}. {allyName1} read it twice and then sat down on the floor of the vault. "I wanted a monster," {allyName1} said. "Monsters are simple." {name} said nothing, but understood exactly.`,
          ],
        },
        {
          optional: true,
          options: [
            `{allyName1} wanted to know how anyone could have known all this. The answer was on the inside cover, in a list of names going back centuries: every keeper of the account, each writing down what they had learned of {threat} before passing it on. The last name on the list, in fresh ink, was {mentor}. [{name} looked at it for a long time.|So {mentorShort} had known. Of course {mentorShort} had known.]`,
          ],
        },
      ],
      [
        {
          options: [
            `There was more, and it was stranger. On the last page, in a different ink, someone had drawn the sky as it had been on the night {name} was born, with {brightStar} marked in red and the stars of {signFigure} joined by a fine gold line. Beneath it was written: *{prophecy}* {name} read it once and then closed the book, very gently, as if it might wake.`,
            `Folded into the back of the account was a star-chart, and {name} knew it at once, because {mentorShort} had drawn the same chart on the day {name} was born: {signFigure}, with {brightStar} burning at its heart, and a {cElement} year of the {animalNoun} written in the corner. Under it, in faded red, was a single line: *{prophecy}*`,
          ],
        },
        {
          options: [
            `"It is only a prophecy," {allyName1} said. "Prophecies are mostly wrong." "Mostly," {name} agreed. But {name} remembered the fall of {lastFoe}, and how many of the old songs had turned out to be true after all. The {animalNoun} in {name} wanted to run; the {signNoun} wanted to charge; and for once {name} listened to neither, and simply sat with the knowledge until it stopped feeling like a stone and started feeling like a map.`,
            `Nobody said anything for a while. Then {allyName2} said, very practically, that a prophecy was only a kind of weather report, and that people walked out in the rain every day. {name} laughed, and felt something loosen. Being {trait1} had got {name} this far. Perhaps, with {strength2} and a little luck, it would get {name} the rest of the way.`,
          ],
        },
      ],
      [
        {
          options: [
            `The archive gave them one more thing before they left: a way. {threatCap}, the old account said, could not abide {bane}. It was not much. It was, {name} thought, more than anyone else had ever been given, and {name} wrote the words on the inside of one wrist in ink, so as not to forget them.`,
            `In the margin of the very last page, someone had written a warning and a hope in the same breath: {threat} cannot abide {bane}. {name} copied the words into the back of {mentorShort}'s letter and read them, over and over, until they were as familiar as their own name.`,
          ],
        },
        {
          optional: true,
          options: [
            `They came up out of the archive into {night}. {nightSign}. {allyName2} took {possessive} hand without a word, and {allyName1} took the other, and for a while they stood together in the street, looking up, knowing a little more than they had that morning and wishing, just slightly, that they did not.`,
          ],
        },
      ],
    ],
    summaries: [
      `In an archive beneath {place}, the companions learned that {threat} {origin}. An old prophecy ties {name}'s birth under {brightStar} to the end of the story, and the archive revealed {threat}'s one weakness: {bane}. They go on toward {nextPlace}.`,
      `Beneath {place}, the oldest account of {threat} revealed its origin: it {origin}. {name} also found a prophecy drawn from the sky of {possessive} birth, and learned that {threat} cannot abide {bane}. The road leads on to {nextPlace}.`,
    ],
    aftermath: [
      `What they had read beneath {prevPlace} went everywhere with them now, like a stone in a shoe.`,
      `The ink on {possessive} wrist from {prevPlace} had faded, but the words had not.`,
    ],
  },

  darkest: {
    titles: ['The Darkest Hour', 'The Fall of {placeShort}', 'All That Was Lost', 'The Last Camp'],
    approach: 'arrive',
    scenes: [
      [
        {
          options: [
            `{threatCap} struck at {place}, and it struck without warning. One moment the companions were crossing the square with {goalShort} almost in sight; the next, the sky [went out like a snuffed candle|split open like a seam] and {minions} poured out of the dark in numbers nobody had imagined. Within the hour, {place} had become a battlefield.`,
            `They had known {threat} would come for them before the end. They had not known it would come like this: all at once, at {place}, in the middle of an ordinary evening, with {minions} pouring out of every alley and doorway. The people of {place} ran, and the companions stood in the square with their backs together and did not run.`,
          ],
        },
        {
          options: [
            `They fought well, and it was not enough. {allyName1} went down holding the gate and did not get up. {allyName2} was cut off on the far side of the square and had to run. {name} stood over {allyName1} with the {weaponNoun}, calling on every scrap of the gift of {element}, and for a while the {minions} held back. Then the voice of {threat} spoke from everywhere at once: "Give me {questItem}, child of {sign}, and I will let the rest of them live."`,
            `{name} {act}, and the first wave broke. The second did not. {allyName1} fell with a cry that {name} would hear in dreams for years; {allyName2} vanished in the crush. And through it all, calm and terrible and close, came the voice of {threat}: "Give me {questItem}, child of {sign}. Give it to me, and they live."`,
          ],
        },
      ],
      [
        {
          options: [
            `It would have been so easy. {weakness1Cap} whispered that a bargain was a bargain, that {name} could save everyone here and worry about the rest of the world later. For a heartbeat that felt like a year, {name} held {questItem} out. And then {allyName1}, flat on the cobbles and bleeding, said one word, and the word was {possessive} own name, and it was enough.`,
            `{name} wavered. Everyone who tells this story agrees on that, and {name} has never denied it. {weakness1Cap} had always been the crack in the armour, and {threat} had found it at last. But the {animalNoun} is {ctrait2}, and so was {name}; and when {allyName1}, bleeding on the stones, croaked "Don't", {name} closed their hand around {questItem} and did not open it again.`,
          ],
        },
        {
          options: [
            `They escaped in the end because {name} {act2}, and the square dissolved into chaos, and the {minions} scattered for just long enough. They lost the packs, the horses and the map. They lost {place} too, it felt like, when they looked back from the hills and saw it burning with a cold and colourless fire.`,
            `Somehow they got out. {name} carried {allyName1} on their back through a burning gate, and {allyName2} found them at the edge of the woods, and nobody could ever say afterwards how any of it had happened. Behind them {place} burned with a cold, colourless fire. Everything they had carried was gone except {questItem}, the {weaponNoun}, and each other.`,
          ],
        },
        {
          optional: true,
          options: [
            `On the hillside above the ruins they counted what was left. It did not take long. {allyName2} had a torn corner of the map and a single boot; {allyName1} had a borrowed cloak and a great deal of blood that was mostly, {allyName1} insisted, somebody else's. Far below, {minions} were picking through the ashes, searching for something. For them, {name} understood. For {questItem}.`,
          ],
        },
      ],
      [
        {
          options: [
            `That night there was no fire, because a fire could be seen. They huddled in a shepherd's hut, {allyName2} limping in an hour after dark, {allyName1} bandaged and feverish, and nobody said the word they were all thinking. Then {name} opened the last letter {mentorShort} had sent, the one marked *for when it is worst*, and read it by the faint glow of {questItem}. It said only: *You were born under {signFigure} in a {cElement} year of the {animalNoun}. Nothing about that was an accident. Go and finish it.*`,
            `They hid in a cave above the valley, without fire and almost without hope. {allyName1} shivered with fever. {allyName2} sat at the mouth of the cave and would not sleep. And {name}, sitting in the dark with {questItem} glowing faintly in their lap, remembered {mentorShort}'s voice saying, long ago, that {elementLesson}. It was not comfort, exactly. It was a direction.`,
          ],
        },
        {
          optional: true,
          options: [
            `Toward midnight {allyName1}'s fever broke. {allyName1} opened both eyes and asked, quite clearly, whether they had won. "Not yet," said {name}. "Ah," said {allyName1}, and thought about it. "Tomorrow, then." And went back to sleep, smiling, as if the matter were settled, which was more than any of the others could manage.`,
          ],
        },
        {
          options: [
            `In the cold hour before they set out, {name} stood and looked toward {goalShort}. {trait1Cap}, {ctrait1}, bruised all over and more afraid than ever before: it would have to do. "Tomorrow," {name} said. {allyName2}, awake after all, said "Tomorrow" back, and that was the whole of the plan.`,
            `When the others finally slept, {name} went outside and looked toward {goalShort}. It was close now, close enough to see. "All right," {name} said quietly, to the dark, to {threat}, to the stars of {sign} somewhere above. "All right. I'm coming." Behind {name}, {allyName1} stirred and murmured, in a feverish voice, "We're coming."`,
          ],
        },
      ],
    ],
    summaries: [
      `{threat} ambushed the companions at {place} with an army of {minions}; {allyName1} was badly hurt, the town burned, and they lost their packs and map. {threat} offered to spare them in exchange for {questItem}, and {name} nearly gave in before refusing. A last letter from {mentor} gave {name} the heart to go on to {goalShort} for the final confrontation.`,
      `At {place}, {threat} attacked in force and offered mercy for {questItem}; {name} wavered but refused, and the companions escaped with nothing else. {allyName1} is wounded and {place} is lost, but {name} is going on to {goalShort} to end it.`,
    ],
    aftermath: [
      `The smoke of {prevPlace} was still in their clothes, and {allyName1} still leaned on a stick.`,
      `Nobody spoke of {prevPlace}. There was nothing to say that the ruins had not said already.`,
    ],
  },

  finale: {
    titles: ['At {goalShort}', 'The Last Light', 'The End of the Road', 'Homecoming'],
    approach: [
      `The last stretch of the road lay ahead, and they walked it together.`,
      `There was only one road left to walk, and it ended at {goalShort}.`,
    ],
    scenes: [
      [
        {
          options: [
            `{goalCap} was {goalDesc}, and it was exactly as {mentorShort}'s letters had described it, except that no letter can make a place feel real. The companions climbed toward it in silence, {companyList}, and {name} a step ahead of them all, {questItem} held close and the {weaponNoun} ready.`,
            `They saw {goal} long before they reached it: {goalDesc}. It grew as they walked, the way mountains do, until it filled half the sky. {companyList} walked behind {name}, and nobody spoke, and {questItem} grew warmer with every step, as if it knew it was nearly home.`,
          ],
        },
        {
          optional: true,
          options: [
            `Every step of the road came back to {name} on that last climb: {homeland} and the old watchtower, {mentorShort}'s letter, the faces of everyone they had met. It was strange, {name} thought, how a journey could feel so long and so short at the same time. Behind {name}, {allyName2} was counting the steps aloud, and {allyName1} was begging for silence.`,
          ],
        },
        { options: CONFRONTATION },
      ],
      [
        {
          options: [
            `The battle that followed was told afterwards in a dozen different ways, and every teller got something wrong. What is certain is this: {companyList} held the {minions} at the stair for as long as it took, and {name} went on alone, with {strength1} and the gift of {element} and a great deal of stubbornness. {name} {act}; and when {threat} rose up again, {name} {act2}, until their hands shook and the stone underfoot was cracked from end to end.`,
            `Then the {minions} came, all of them at once, and {companyList} met them on the stair with everything they had. {name} faced {threat} alone. It was the hardest fight of {possessive} life: {name} {act}, and {threat} laughed; {name} {act2}, and {threat} staggered, and did not laugh. {strength1Cap} and the gift of {element} kept {name} standing long after standing should have been impossible.`,
          ],
        },
        { options: TURN },
      ],
      [
        { options: RESTORED },
        {
          optional: true,
          options: [
            `They went home by the long road, because there was no hurry now. {homewardLine} {allyName1} slept most of the way in the back of a borrowed cart; {allyName2} wrote everything down, so that it could be told properly, and argued with {name} about every detail.`,
          ],
        },
        { options: HOMECOMING },
        { options: THE_END },
      ],
    ],
    summaries: [
      `At {goalShort}, {name} confronted {threat} and won not by strength alone but {victoryHow}: {threat} was undone and {restoredShort}. The companions returned to {homeland}, where {mentor} was waiting. The story is complete.`,
      `The quest ended at {goalShort}, where {name} defeated {threat} {victoryHow}, lowering the {weaponNoun} at the last. Now {restoredShort}, and {name} has come home to {homeland}. The story is complete.`,
    ],
    aftermath: [
      `The story of {lastFoe} had ended at {prevPlace}, and {homeland} had been given a whole season to get used to being saved.`,
    ],
  },

  tale: {
    titles: ['A Tale of {signFigure}', 'The Night {threat} Fell', 'One Road, One Night', 'The Whole of It'],
    approach: [],
    scenes: [
      [{ options: PEACE }, { options: OMEN }, { options: SUMMONS }],
      [
        {
          options: [
            `The road was long, and the telling of it would fill a book of its own; the almanacs, which had promised a {cElement} year of quiet luck, proved wrong on every page. They crossed {land}; they slept in barns and under hedges and once, memorably, in a haunted mill; they fought {minions} at a ford with {element} and steel, and lost a horse to the river. Through all of it {name} carried {questItem}, given by {mentorShort} for this very road, and through all of it the signs grew worse: in one town they passed, {signHere}.`,
            `They set out the next morning, in that unquiet {cElement} year, with {questItem}, which {mentorShort} had sent with {envoy}, wrapped in oilcloth. What followed took a month and would take a book to tell: {land}, a river crossing in the dark, a night fight with {minions} in a ruined chapel, won with {element} and stubbornness, and a town where {signHere}. {allyName1} and {allyName2} never once suggested turning back, though both of them, separately, thought about it.`,
          ],
        },
        {
          options: [
            `By the time {goal} rose ahead of them, {goalDesc}, the companions were thinner, quieter and very much closer than when they had set out. {name} stopped at the foot of the last climb and looked back at the road, and at {allyName1} and {allyName2}, and understood that whatever happened next, this part had been worth it.`,
          ],
        },
        { options: CONFRONTATION },
      ],
      [{ options: TURN }, { options: RESTORED }, { options: HOMECOMING }, { options: THE_END }],
    ],
    summaries: [
      `{name} left {homeland} after {envoy} brought word that {problem}, travelled with {allyName1} and {allyName2} to {goalShort}, and defeated {threat} {victoryHow}. Now {restoredShort}, and {name} is home again. The story is complete.`,
    ],
    aftermath: [
      `The story of {lastFoe} was over, and {homeland} had been given a whole season to get used to being saved.`,
    ],
  },
};

/** Foreshadowing of the next chapter's arc, closing the current one. */
export const NEXT_HINTS: Record<ArcKind, readonly string[]> = {
  call: [`Something new was beginning; {name} could feel it.`],
  journey: [`It was a long way, and the maps were vague about what lay between.`],
  ally: [
    `None of them knew it yet, but someone in {nextPlace} was about to change the shape of the company.`,
  ],
  trial: [
    `The old songs said that no traveller passed {nextPlace} without being tested, and the old songs were usually right.`,
  ],
  hunt: [
    `None of them noticed the rider on the ridge behind them, who watched for a while, and then followed.`,
  ],
  respite: [
    `With luck, {allyName1} said, there would be hot baths there. Nobody had the heart to point out that luck had been scarce lately.`,
  ],
  betrayal: [
    `A friend would be waiting for them there, and that, {name} thought, was a comfort. It would not stay one for long.`,
  ],
  revelation: [
    `{mentorShort} had once said that the oldest answers in the world were kept beneath {nextPlace}.`,
  ],
  darkest: [`{goalShort} was close now. So, though none of them could see it, was {threat}.`],
  finale: [`There, one way or another, the story would end.`],
  tale: [`There, one way or another, the story would end.`],
};

/**
 * The chapter's last paragraph, for every arc but the final ones. Like the arrivals and town scenes
 * below, one story takes these in turn, chapter by chapter, so consecutive chapters never share one.
 */
export const HOOKS: readonly string[] = [
  `In the morning they would set out for {nextPlaceFull}. {nextHint} {hookEnd}`,
  `Their road led next to {nextPlaceFull}. {nextHint} {hookEnd}`,
  `Before bed, {allyName2} marked the next stage on the map: {nextPlaceFull}. {nextHint} {hookEnd}`,
  `Beyond the last lamp of {place}, the road ran on toward {nextPlaceFull}. {nextHint} {hookEnd}`,
  `Next would come {nextPlaceFull}. {nextHint} {hookEnd}`,
  `Somewhere ahead, days away, lay {nextPlaceFull}. {nextHint} {hookEnd}`,
  `{allyName1} asked where they were going next, though everyone knew: {nextPlaceFull}. {nextHint} {hookEnd}`,
  `The next stage of the road would take them to {nextPlaceFull}. {nextHint} {hookEnd}`,
  `Tomorrow, {nextPlaceFull}. {nextHint} {hookEnd}`,
];

export const HOOK_ENDINGS: readonly string[] = [
  `{name} fell asleep that night with one hand on the {weaponNoun}.`,
  `Overhead, the stars of {sign} turned slowly, keeping their own counsel.`,
  `Nobody slept well, but everybody slept, and that would have to do.`,
  `{allyName1} was snoring before the lamp was out.`,
  `Far away in {homeland}, {mentorShort} would be looking at the same sky.`,
  `The {animalNoun} in {possessive} heart was restless, and would not settle until morning.`,
  `{allyName2} kept the first watch, and did not wake anyone for the second.`,
  `The fire burned down to embers, and one by one the companions slept.`,
  `{name} lay awake a long while, listening to the night, and then, at last, slept.`,
  `Somewhere an owl called, twice, and then the night was quiet.`,
];

/** Openings when the previous chapter came from elsewhere (another writer, another version of the story). */
export const FOREIGN_BRIDGES: readonly string[] = [
  `{name} had thought often about those days since, turning them over the way one turns a stone in a pocket.`,
  `Much had happened, and not all of it had yet been understood; but the road, as roads do, went on.`,
];

/** Opens a new story after the last one ended (a longer storybook than first planned). */
export const SEQUEL_OPENINGS: readonly string[] = [
  `Every story that ends well is only resting. {homeland} had learned that once, and was about to learn it again.`,
  `{name} had thought that the last chapter was the last. The stars, it turned out, had other plans.`,
];

/** A look at {place} after arriving, for the arcs that arrive somewhere. */
export const PLACE_SCENES: readonly string[] = [
  `People in {place} looked at strangers twice these days, and the companions were looked at three times. Everyone was uneasy, because {signHere}. {allyName1} bought bread from a stall and was given twice what the coins were worth, with a look that said: *you are the ones, aren't you?* Word, it seemed, travelled faster than they did.`,
  `They found rooms at a lodging house with a sagging roof and a keeper who asked no questions, which was worth more than a soft bed. From the window {name} could see a good deal of {place}, and it looked peaceful, until one noticed the details: {signHere}. {name} drew the curtain and sat a while in the dark, thinking about {threat}.`,
  `The first person they spoke to in {place} was a child selling roasted chestnuts, who told them, unprompted and with great relish, that {threat} ate travellers for breakfast. The second was the child's grandmother, who told them to ignore the child. The third was a watchman, who told them exactly what the child had, but without the relish.`,
  `{allyName2} went to find supper and came back with bread, cheese and news. The news was the usual kind now: {signHere}. "Everyone here has heard of {threat}," {allyName2} said, setting the bread down. "Nobody will say its name above a whisper." {name} ate in silence, and listened to the whispers.`,
  `It was market day in {place}, but the market had a frightened look, like a dog that has been kicked. Traders packed up early. People talked in low voices about {threat}, and stopped when strangers came near. Twice {name} caught someone looking at {questItem} as if they knew exactly what it was, and twice they looked quickly away.`,
  `They rested their feet in a tavern whose landlord had a cousin who had a neighbour who had seen the {minions} with his own eyes. The story grew with every telling, and the landlord told it four times. Under all the embroidery, though, one thing was plain: {signHere}, and it was getting worse.`,
  `{name} walked the streets of {place} alone for an hour before supper, as had become a habit, to learn the shape of a place before trusting it. There was a bakery that smelled of cardamom, a temple with a cracked bell, and a wall where someone had chalked the {animalNoun} of the old calendar and, beneath it, a question mark. {name} stood looking at that for some time.`,
  `A stable boy in {place} noticed {weaponShort} on {possessive} back before anything else, and followed them halfway across town, asking questions. Was it true they were going to {goalShort}? Was it true about {threat}? Was it true that children of {sign} could see in the dark? {allyName1} answered yes to all three, and the boy went away very satisfied.`,
];

/** Arrivals at {place}, after the recollection of the previous chapter. */
export const ARRIVALS: readonly string[] = [
  `From there the road ran on through {land}. {weather}, and it was evening when they first saw {placeFull}, {placeDesc}.`,
  `It took them [three|four|five] days to reach {placeFull}, {placeDesc}. {weather}, and they were glad to have walls around them at last.`,
  `By the time they reached {placeFull}, {placeDesc}, {allyName1} had made up a song about the journey with eleven verses, none of them kind. {weather}, and the first houses were the best thing any of them had seen in days.`,
  `They came to {placeFull}, {placeDesc}, on the [fourth|sixth] day, tired and dusty and short of temper. The way there had crossed {land}. {weather}.`,
  `The road bent, climbed a last rise through {land}, and there below them lay {placeFull}, {placeDesc}. {allyName2} let out a long breath. {weather}, but for the moment none of them cared.`,
  `Nobody who has walked to {placeFull}, {placeDesc}, forgets the first sight of it, and the companions were no exception. {weather}; they stood a while at the roadside, just looking, before they went down.`,
  `They walked into {placeFull}, {placeDesc}, at the end of a long day through {land}. {weather}, and nobody had spoken for an hour.`,
  `The last miles to {placeFull}, {placeDesc}, went by in a blur of tired feet. {weather}. {allyName2} claimed afterwards to remember none of them.`,
];

/** Paragraphs that fit any chapter, added when a chapter runs short. */
export const TEXTURES: readonly string[] = [
  `{weather}. On the road out of {prevPlace} the companions walked in a loose line, {name} in front, each wrapped in private thoughts. Now and then {allyName1} would start to whistle and then remember where they were going, and stop.`,
  `There is a saying among the {animalNoun}-born that a road is only as long as the company makes it. {name} had never believed it until this journey. With {allyName1} complaining and {allyName2} correcting the complaints, even the worst miles before {place} went by.`,
  `That evening {name} cleaned and oiled the {weaponNoun}, slowly, the way {mentorShort} had taught. It was {weaponWords}, and it had never yet failed; but {name} checked every inch of it anyway, because checking was something to do with hands that wanted to shake.`,
  `Children of {element} are said to feel the world more than see it, and near {place} {name} felt it plainly: a wrongness in the air, faint but growing, like a note held too long. It was {threat}, of course. It was always {threat} now.`,
  `Once, in the long hours of walking, {allyName2} asked what {name} would do when it was all over. {name} had no answer ready, and said so. "Then think of one," said {allyName2}. "People who have somewhere to go home to fight harder." It was, {name} decided later, the best advice of the whole journey.`,
  `The stars of {sign} came out one by one over {place} that night, and {name} greeted them like old friends, by name: {brightStar} first, as always, then the fainter ones that made up {signFigure}. Whatever the road held, it was good to know that something up there was keeping watch.`,
  `They passed a shrine to the {animalNoun} at a crossroads outside {place}, half hidden by brambles, and {name} stopped to clear it and leave a coin. {allyName1} raised an eyebrow. "For luck," {name} said. "We will take any we can get." The stone {animalNoun}, worn almost smooth, seemed to agree.`,
  `It rained for a whole day near {place}, and then it stopped, and the world smelled new. {name} found that their thoughts had gone back, as they often did, to {homeland}: the lane, the market bell, the view from the old watchtower. It was strange how a place could feel closer the further away one went.`,
  `The people of {place} had a proverb about heroes: that they are only ordinary people who kept walking after the sensible ones went home. {name} heard it from a baker, and laughed, and then thought about it for the rest of the day, because it was the truest thing anyone had said in weeks.`,
  `{allyName1} had started keeping a tally of the road on a notched stick: a notch for every day, a cross for every fight, a circle for every hot meal. By {place} the crosses outnumbered the circles. {allyName1} said that this was a scandal and would be mentioned in the songs.`,
];

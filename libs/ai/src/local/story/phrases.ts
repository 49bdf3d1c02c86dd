/**
 * The local writer's phrase stock. Template syntax is grammar.ts's: `{key}` a story constant,
 * `<rule>` a rule expanded afresh, `[a|b]` an inline choice. Every slot has many alternatives, and
 * most alternatives have inline choices too, so two books (or two chapters) rarely share a phrase.
 *
 * Keys: {hero} {a} {aKind} {aTrait} {b} {animal} {animalKind} {rival} {rivalKind} {rivalTrait}
 * {mentor} {mentorKind} {mentorTrait} {foe} {foeKind} {aim} {place} {placeDesc} {prevPlace}
 * {nextPlace} {object} {time} {weather} {sign} {element} {cAnimal} {cElement} {trait} {ctrait}
 * {strength} {weakness} {magic} {home} (the hero's hometown, or 'home') {bornIn} (' in <hometown>' or
 * ''); each also as {keyCap} with a capital first letter.
 */
import type { ArcStage, SceneKind } from '../../story-plan.js';
import type { Rules } from '../grammar.js';

export const RULES: Rules = {
  said: ['said', 'murmured', 'called', 'muttered', 'answered', 'whispered', 'replied', 'admitted'],
  quickly: ['at once', 'without a word', 'in a hurry', 'before anyone could stop them', 'half running'],
  look: ['glanced at', 'looked hard at', 'studied', 'stole a look at', 'turned to', 'raised an eyebrow at'],
  feel: [
    'a prickle along the back of the neck',
    'the old tightness in the chest',
    'a hum in the bones like a struck bell',
    'the cold weight of every mile behind them',
    'a laugh that would not quite come out',
    'hope, small and stubborn as a weed',
  ],
  small: [
    'a loose thread',
    'a crooked nail',
    'a smear of soot',
    'a child’s chalk mark',
    'a single grey feather',
    'a knot of red string',
    'a cold cup of tea',
    'a boot-print in the wrong place',
  ],
  sound: [
    'a dog barking somewhere far off',
    'the creak of a sign on its chain',
    'water dripping into a bucket',
    'a bell that nobody was ringing',
    'the scrape of a chair',
    'a gull complaining overhead',
    'wind worrying at a loose shutter',
    'somebody singing badly behind a wall',
  ],
  heroFeel: [
    '{hero} felt <feel>',
    '<feel> settled on {hero}',
    '{hero} noticed <feel> and ignored it',
    'there was <feel>, and {hero} let it be',
  ],
  /** A small sentence of detail that ends a paragraph; built from many parts so it rarely repeats. */
  detail: [
    '<gesture>',
    '<animalMove>',
    '<sense>',
    '<heroObject>',
    '<light>',
    '<thought>',
    '<pair>',
    '<sound2>',
  ],
  gesture: [
    '{aCap} [tugged at|rubbed|fiddled with|tightened|straightened] [a strap|their collar|a bootlace|the end of a scarf|a ring|a sleeve] and [looked away|said nothing|sighed|grinned|frowned at the ground|hummed].',
  ],
  animalMove: [
    '{animalCap} [padded|trotted|crept|wandered|hurried] [ahead|behind|between them|along the edge of the path|in circles], [ears up|nose down|tail high|alert to every sound|pretending to be bored].',
  ],
  sense: [
    '[The air|Everything|The whole place|The wind] [smelled of|tasted of|was thick with|carried] [smoke|rain|crushed mint|old stone|salt|pine resin|hot iron|wet wool|baking bread], and [somewhere|far off|close by|behind them] [a bird called|a bell rang|water ran|a door banged|a dog answered|a child laughed].',
  ],
  heroObject: [
    '{heroCap} [kept|held|carried|touched] {object} [close|tight|under their coat|in a fold of cloth], [half expecting|half hoping|afraid|sure] it would [warm|hum|glow|shiver|whisper] [again|at any moment|when it mattered|before long].',
  ],
  light: [
    '[The light|The shadows|The sky|The world] [turned|went|grew|looked] [thin and grey|long and blue|gold and slanting|silver|bruised purple|pale as milk], and [their breath showed|the ground steamed|nobody spoke above a murmur|every sound carried|the road seemed longer].',
  ],
  thought: [
    '{heroCap} thought [briefly|suddenly|again|for no reason] of [{home}|{mentor}|{foe}|the stars of {sign}|{prevPlace}|a warm bed], and [pushed the thought away|let it stay|felt steadier for it|walked faster|said nothing].',
  ],
  pair: [
    '{aCap} and {animal} [traded a look|kept close together|fell into step|sat down together] [by the path|at the edge of things|in the shade|out of the wind], and {hero} [let them be|smiled|counted them twice|envied them a little].',
  ],
  sound2: [
    '[A shutter banged|A branch cracked|A stone rolled|A cart creaked|A pot rattled] [somewhere|nearby|out of sight|behind a wall], and [all three of them|{a}|{hero}|even {animal}] [jumped|froze|laughed at themselves|reached for a weapon].',
  ],
  aside: [
    '{animal} [sneezed|yawned|flicked an ear|stretched] as if none of it mattered',
    '{a} [pretended not to notice|noticed and said nothing|made a note of it]',
    'somewhere behind them was <sound>',
    '{object} was [warm|heavy|quiet|cold] in {hero}’s [pack|coat|hands|belt]',
  ],
};

/** How chapter 1 opens: the hero at home, the first sign of trouble. */
export const FIRST_OPENINGS = [
  'Nobody in {place} [expected|wanted|was ready for] trouble on a {weatherAdj} {time}, least of all {hero}, who [had promised to mend a fence|was halfway through a borrowed book|had just sat down to eat|was teaching {animal} to fetch].',
  '{hero} [heard|smelled|saw] it before anyone else in {place}: <sound>, then a silence [where there should have been|that swallowed] the ordinary noise of the {time}.',
  'The [first|only] letter to reach {place} that season came for {hero}, [sealed with wax the colour of a bruise|written in a hand that shook|folded small enough to hide in a fist], on a {weatherAdj} {time}.',
  'On the {time} it began, {hero} was [arguing with a goat|counting stars from the roof|sweeping the step|losing at cards to {a}] in {place}, and {animal} was asleep in a patch of [sun|shade|warm ash].',
  'In {place}, [they say|old people say|the chroniclers will tell you] that every road starts with a knock at the door. {heroCap}’s started with <small>, on a {weatherAdj} {time}.',
  'Three things happened in {place} on that {weatherAdj} {time}: the well went quiet, {animal} refused [its supper|to come indoors|to stop growling], and a stranger asked for {hero} by name.',
  'Afterwards, {hero} could never say [exactly|quite] when the {time} in {place} turned strange. Perhaps it was <sound>. Perhaps it was the way {a} kept looking at the road.',
  '{placeCap} had not [needed a hero|seen a stranger|closed its gates] in living memory, and on that {weatherAdj} {time} {hero} would [happily|gladly] have kept it that way.',
];

/** How a later chapter opens, continuing straight from the one before (kind of the previous scene). */
export const CONTINUATIONS: Record<SceneKind, string[]> = {
  arrival: [
    'The welcome in {prevPlace} had [barely|hardly] cooled before {party} were on the move again.',
    'They did not stay long in {prevPlace}; what they had learned at its gates [would not let them|sent them on before dawn].',
  ],
  crossing: [
    'With the crossing into {prevPlace} behind them, {party} [counted their bruises|took stock|shook the road out of their boots].',
    'Nobody spoke of the crossing at {prevPlace} for the first mile. {aCap} broke the silence [at last|in the end] with a complaint about [wet socks|the food|the rope burns].',
  ],
  chase: [
    'The hunters had lost their trail somewhere beyond {prevPlace}, but {hero} still [looked back|listened for hooves|slept with one eye open] for a long while after.',
    'Breathless and [scratched|muddy|still laughing from fright], {party} only slowed down once {prevPlace} was well behind them.',
  ],
  storm: [
    'The storm that had battered {prevPlace} blew itself out by [morning|the next evening], and {party} [limped|walked|trudged] on under a washed sky.',
    'After the storm at {prevPlace}, everything smelled new. {hero} wrung out a sleeve and [took the lead|checked {object}|counted the company twice].',
  ],
  rescue: [
    'The rescue at {prevPlace} had cost them [a night’s sleep|a good coat|most of their rope], and {hero} thought it cheap at the price.',
    '{aCap} still had the marks of the ropes from {prevPlace} and [showed them off|hid them|made jokes about them] to anyone who asked.',
  ],
  parley: [
    'Nothing agreed at {prevPlace} felt [safe|settled|finished], and {hero} turned the words of {rival} over and over on the road.',
    'They left {prevPlace} with [a bargain|a truce|a promise] none of them trusted, {rival}’s last words still [ringing|echoing|rattling] in {hero}’s ears.',
  ],
  council: [
    'The plan made at {prevPlace} [looked|seemed|sounded] simpler on paper than on the road, and {party} found that out by noon.',
    'Following the plan they had made at {prevPlace}, {party} [set out early|split the load|took the old road].',
  ],
  betrayal: [
    'The empty place where {rival} had stood at {prevPlace} [went with them|followed them|stayed with them] down the road like a second shadow.',
    'Nobody said the name {rival} after {prevPlace}, which was [a way of saying it all the time|its own kind of shouting].',
  ],
  ambush: [
    'The ambush at {prevPlace} had taught them to walk [in single file|apart|quietly], and {hero} kept {object} close.',
    'They had [beaten off|slipped|outlasted] the ambush at {prevPlace}, but {hero} could still [feel|hear] it every time a branch cracked.',
  ],
  duel: [
    'The duel at {prevPlace} had left {hero} with [a new scar|an aching arm|a notched blade] and a [clearer|colder|quieter] mind.',
    'After the fight at {prevPlace}, {hero} [slept for a day|said very little|ate like three people], and {company} let them.',
  ],
  siege: [
    'The walls of {prevPlace} had held, [just|barely|somehow], and the company walked out through a gate [still smoking|full of cheering people|hung with wet banners].',
    'After the siege at {prevPlace}, {party} [helped clear the rubble|stayed to bury the dead|mended what they could] before they went on.',
  ],
  discovery: [
    'What they had found in {prevPlace} [changed the shape of everything|made the road longer|raised more questions than it answered].',
    'The secret of {prevPlace} went with them, [wrapped in oilcloth|written in {a}’s little book|held in {hero}’s memory].',
  ],
  trial: [
    'The trial of {prevPlace} had asked {hero} a question that no sword could answer, and the answer still [stung|warmed them|sat uneasily].',
    '{heroCap} came out of the trial at {prevPlace} [quieter|older somehow|surer], and {company} noticed.',
  ],
  ritual: [
    'The light of the rite at {prevPlace} still [clung to their clothes|glowed faintly in {object}|shone in their dreams] when {party} set out.',
    'After the old words spoken at {prevPlace}, the road felt [different|lighter|watched], as though something had [woken|listened|agreed].',
  ],
  vigil: [
    'The long watch at {prevPlace} ended with a [pale|grey|rose-coloured] sky, and the company [stretched|packed up|shook off the frost] and went on.',
    'They left the fire at {prevPlace} to burn down on its own, {hero} [yawning|quiet|humming] at the head of the line.',
  ],
  festival: [
    'The music of {prevPlace} followed them [for a mile|out of the gate|into the hills], and then the road was quiet again.',
    'There had been dancing at {prevPlace}, and now there were [blisters|headaches|new friends] to show for it.',
  ],
};

/** One line on the company so far ({withHero}: the companions with the hero after the last chapter). */
export const RECAPS = [
  '[Since|Ever since] {firstPlace}, {withHero} had [stayed at|kept to|never left] {hero}’s side, [through everything|whatever the road did|without complaint, mostly].',
  '[It felt like years since|It was a long way back to|Nobody talked much about] {firstPlace}. {withHero} [went on|walked on|kept going] with {hero} [all the same|regardless|anyway].',
  '[Counting heads|Taking stock|Looking round] at {location}, {hero} found {withHero} [still there|close by|right behind], [muddy|tired|grinning] and [unbroken|stubborn|ready].',
  '{withHero} [and {hero}|with {hero}] had come a long way from {firstPlace}, and [it showed|they knew it|nobody said so].',
];

/** When a book grows past a chapter that had already closed the story. */
export const REOPENINGS = [
  'It should have been the end. {heroCap} had thought so too, right up until the morning <small> turned up where it had no business being, and with it the first whisper that {foe} was not finished after all.',
  'The story was over, [everyone agreed|the songs said so|{a} insisted]. Then, one {weatherAdj} {time}, it was not: {foe}, it seemed, had left something behind.',
];

/** Where the chapter is: the planned place, time and weather. */
export const SETTINGS = [
  '{placeCap} [showed itself|came into view|opened before them] {timePhrase}: {placeDesc} {weatherLine}',
  '{weatherLineCap} {placeCap} was [exactly|nothing] like the stories; {placeDesc}',
  'By {time}, {party} stood in {place}. {placeDescCap} {weatherLine}',
  '{placeDescCap} That was {place} {timePhrase}, and {weatherLine}',
  '[Of all the places on the road|Of everywhere they had been|If the road had a strange heart], {place} was the one {hero} would remember {timePhrase}: {placeDesc} {weatherLine}',
];

export const WEATHER_LINES: Record<string, string[]> = {
  clear: [
    'the sky was [clear|open|scrubbed clean] and very [high|blue|far away].',
    'not a cloud [spoiled|crossed|troubled] the sky.',
  ],
  rain: [
    'rain [fell|drummed|hissed] on everything, [steady|soft|cold] and patient.',
    'a [thin|heavy|sideways] rain had set in and meant to stay.',
  ],
  snow: [
    'snow [drifted|fell|sifted] down, [hushing|softening|whitening] every edge.',
    'fresh snow [squeaked|crunched] underfoot and [muffled|hid] every sound.',
  ],
  mist: [
    'a mist [lay|crept|hung] over it all, [thick as wool|silver and slow|tasting of salt].',
    'the mist was so thick that {a} [kept a hand on|walked close to|held on to] {hero}’s sleeve.',
  ],
  storm: [
    'a storm was [building|breaking|coming], the sky [bruised|torn|green] with it.',
    'thunder [walked|rolled|muttered] across the sky and lightning [split|lit|whitened] the clouds.',
  ],
  wind: [
    'the wind [pulled|tugged|snatched] at cloaks and [tore|whipped|carried] the words from their mouths.',
    'a [hard|restless|dry] wind [never stopped|blew all day|hunted through every gap].',
  ],
};

export const TIME_PHRASES: Record<string, string[]> = {
  dawn: ['at first light', 'as the sun came up', 'in the grey before sunrise'],
  day: ['in the middle of the day', 'under a high sun', 'at noon'],
  dusk: ['as the light went', 'at sunset', 'in the long blue dusk'],
  night: ['by night', 'under the stars', 'long after dark'],
};

export const WEATHER_ADJECTIVES: Record<string, string[]> = {
  clear: ['bright', 'clear', 'still'],
  rain: ['wet', 'rainy', 'grey'],
  snow: ['snowy', 'white', 'bitter'],
  mist: ['misty', 'muffled', 'damp'],
  storm: ['stormy', 'wild', 'thundering'],
  wind: ['windy', 'gusty', 'restless'],
};

/** The body of each kind of scene: three beats, each a list of alternative paragraphs. */
export const SCENE_BEATS: Record<SceneKind, string[][]> = {
  arrival: [
    [
      'The [gatekeeper|harbourmaster|headwoman|toll-keeper] of {place} looked {hero} up and down. "[Another one|Travellers|Strangers]," [she|he] <said>. "[State your business|We have no rooms|You’ll want the inn by the well]." {aCap} [smiled sweetly|stepped forward|produced a coin] and the gate [creaked open|swung wide|opened a crack].',
      'Nobody [met|greeted|stopped] them at the edge of {place}, which {a} [found suspicious|said was a bad sign|took as an insult]. "[A town this size|Any place with walls|Somewhere like this] always has [a watchman|a busybody|dogs]," [they|{a}] <said>. <aside>.',
    ],
    [
      'Inside, {place} was [busy|half-empty|nervous]. People [spoke quietly|hurried past|kept their shutters closed], and more than one [face|window|door] turned toward {hero} and [stayed turned|closed again|watched]. "[They’ve heard of|They know about|Somebody told them about] {foe}," {a} <said>.',
      'A [baker|ferryman|child with a kite|old woman with a basket] [fell into step|caught {hero}’s sleeve|stopped them] in the street. "You’re the one [with the {cAnimal}-luck|born under {sign}|they wrote about]," [she|he] <said>. "[Go to the tower|Don’t trust the mayor|Ask at the temple]. [And hurry|Before dark|Tell nobody I said so]."',
    ],
    [
      '{heroCap} [found|took|paid for] a room [above a tannery|under the eaves|by the well] and [spread out the map|set {object} on the table|sat by the window]. {aCap}, who {aTrait}, [went out to learn what they could|counted the coins twice|slept at once].',
      'That evening {hero} [asked|listened|waited] in the [common room|market|temple court] of {place}, and what they heard [there|that night] made {a} [whistle low|go pale|reach for their pack].',
    ],
  ],
  crossing: [
    [
      'The only way on was [across|over|through] — {placeDescShort} — and {hero} [studied it a long moment|tested the first step|asked {animal} what it thought]. {animalCap} [declined to comment|sat down|sniffed and went first].',
      '"[We could go around|There’s a longer way|Nobody said we had to cross here]," {a} <said>, [hopefully|without much hope|already knowing the answer]. "[Three weeks around|Not in time|That way is worse]," {hero} <said>.',
    ],
    [
      'Halfway over, the [rope|plank|ice|path] [groaned|shifted|cracked], and for a heartbeat nobody breathed. Then {hero} [laughed|swore softly|called for calm], and the company [edged on|kept going|moved as one].',
      'The [water|wind|drop|dark] below [roared|pulled|waited], and {aCap} [would not look down|sang to keep going|counted every step aloud]. {heroCap} [took their hand|went back for them|waited without a word].',
    ],
    [
      'On the far side they [collapsed|sat|stood] in a heap, [shaking|laughing|soaked], and {animal} [shook itself|licked {hero}’s face|trotted off to explore] as if it had been nothing at all.',
      'When the last of them was across, {hero} [looked back|made a mark on the map|tied a ribbon to the post] and felt <feel>.',
    ],
  ],
  chase: [
    [
      'They heard the [hounds|horns|hooves|riders] first, [far off|closer than they should have been|from two sides at once]. "[Run|Move|Go]," {hero} <said>, and nobody argued.',
      '"[They’ve found us|We’re seen|That’s the signal]," {a} <said>, [pointing at a flash on the ridge|already running|grabbing the packs]. Behind them, the servants of {foe} [spread out|came on|gave a shout].',
    ],
    [
      'They [ran|scrambled|fled] through {place} — [over walls|under carts|across rooftops|along the riverbank] — with the hunters [closing|gaining|calling to each other]. {animalCap} [found the gap|led the way|doubled back to fetch {a}].',
      'A [door|gully|culvert|tunnel] opened on their left and {hero} [pulled|shoved|dragged] the company into it. They pressed against the [stone|wood|mud] while [boots|hooves|shadows] went by, so close that {a} could have [touched them|counted their buttons|smelled the smoke on them].',
    ],
    [
      'Only when [the noise had faded|the sun had moved a hand’s width|{animal} finally relaxed] did {hero} [let out a breath|sit down|laugh]. "[That was close|Again tomorrow, I suppose|Next time we walk slower]," {a} <said>.',
      'They had lost the hunters, and one [pack|blanket|map] too. "[Worth it|Cheap at the price|I never liked that blanket]," {hero} <said>.',
    ],
  ],
  storm: [
    [
      'The storm came [over the ridge|off the sea|down the valley] like a [wall|wave|wolf], and within minutes {place} was [lost in it|roaring|black as night].',
      '{heroCap} [saw|felt|smelled] the storm coming and [shouted|waved|ran] to the others, but the wind [took the words|was faster|was already there].',
    ],
    [
      'For an hour there was only [rain and noise|wind and dark|ice and thunder]. {heroCap} called on {magic}, and it [held|answered|flickered and then held], a small shelter in the [roar|wet|blackness].',
      '{aCap} was [gone|out of sight|swept from the path] in the first gust. {heroCap} [crawled|fought|climbed] after them, [calling|shouting|whistling] until [their voice broke|{animal} barked back|a hand caught theirs].',
    ],
    [
      'When it [passed|blew over|ended], they were [soaked|bruised|shivering] and [together|alive|laughing stupidly], which was all that mattered.',
      'After, in the [dripping|sudden|ringing] quiet, {a} [wrung out a hat|counted the company|found the kettle], and {hero} [let them fuss|helped|made a fire from nothing].',
    ],
  ],
  rescue: [
    [
      'They [found|heard|saw] the prisoners [at the bottom of the old well|in a cage of iron rods|behind a door with three locks], and {hero} knew at once who held the keys: {foe}.',
      '{aCap} had been [taken|caught|lured away] [in the night|at the market|while fetching water], and the only clue was <small>.',
    ],
    [
      '{heroCap} [went in first|made a plan|went in alone]. {animalCap} [slipped through the bars|kept watch|chewed through a rope], and {a} [held the lantern|kept count of the guards|whispered the way].',
      'The guards of {foe} were [asleep|drunk|arguing] — or so it seemed. "[Too easy|It’s a trap|Don’t trust it]," {a} <said>, and [they were right|nobody disagreed|{hero} went anyway].',
    ],
    [
      'They came out [into the air|onto the roof|through the sewer] with [everyone|every last one|all of them] and nobody [hurt|left behind|lost], and {hero} felt <feel>.',
      'Outside, {hero} [counted heads|sat down|laughed shakily], and {a} [hugged everyone|cried a little|pretended not to].',
    ],
  ],
  parley: [
    [
      '{rivalCap}, {rivalKind}, was waiting [at the table|under the oak|by the well], [arms folded|smiling|alone]. "[I wondered when you’d come|You took your time|Sit down], {hero}," [they|{rival}] <said>.',
      'They met {rival} [on neutral ground|under a flag of truce|in a tavern with two doors], and {a} [kept a hand near a knife|watched the windows|ordered three drinks and drank none].',
    ],
    [
      '"[You want the same thing I do|We both want {foe} gone|I know what you carry]," {rival} <said>. "[The difference is|Only|But] I [don’t share|get there first|keep my word]." {heroCap}, who was {trait}, [leaned in|did not blink|laughed].',
      'They talked for [an hour|half the night|too long], and [none of it|little of it|all of it] was what it seemed. {rivalCap} {rivalTrait}, and {hero} [knew it|remembered it|could see it now].',
    ],
    [
      'In the end they [shook hands|nodded|agreed on nothing, which was a kind of agreement]. "[Until next time|Don’t get in my way|We’ll see]," {rival} <said>, and [left|was gone|melted into the crowd].',
      'When {rival} had gone, {a} let out a long breath. "[I don’t trust that one|I liked them, a bit|That went better than I thought]," [they|{a}] <said>.',
    ],
  ],
  council: [
    [
      'They [gathered|sat|huddled] [around a table|by the fire|in a ring of stones] in {place}, and {hero} [spread out the map|set down {object}|spoke first].',
      '"[So|Right|Well]," {a} <said>, "[what do we actually know|where does that leave us|what now]?" It was the question everyone had been [avoiding|waiting for|thinking].',
    ],
    [
      'They [argued|talked|planned] until the [candles guttered|fire burned low|stars came out]. {aCap} wanted [speed|caution|a detour]; {b} wanted [rest|answers|a fight]; {hero}, trusting to {strength} as ever, listened to both.',
      '{mentorCap}, {mentorKind}, [had a word|listened|said nothing for a long time]. "{foeCap} [wants|means|intends] to {aim}," [they|{mentor}] <said> at last. "[Stop that, and you stop everything|Remember that|That is all that matters]."',
    ],
    [
      'By [midnight|dawn|the last candle] they had a plan, [a thin one|a good one|a mad one], and {hero} [drew it on the map|made everyone repeat it|slept on it].',
      'The plan was [simple|dangerous|clever], and {a} said so [twice|loudly|with a grin]. Nobody could think of a better one.',
    ],
  ],
  betrayal: [
    [
      'It started [with a lie|with a smile|with a favour], the way these things do. {rivalCap} [offered help|knew a shortcut|brought news of {foe}], and {hero} wanted very much to believe it.',
      '{rivalCap} [joined them|turned up|was waiting] at {place} with [food|maps|news] and [an easy laugh|an apology|a good story].',
    ],
    [
      '"[Trust me|I’ve changed|We want the same thing]," {rival} <said>. {aCap}, who {aTrait}, [didn’t|said nothing|watched their hands].',
      'For a [day|night|while] it was [good|easy|almost friendly]. {rivalCap} [told stories|shared their wine|taught {animal} a trick], and {hero} [let their guard down|laughed|slept deeply].',
    ],
    [
      'By {time} {rival} was gone, and so was [the map|the food|the horses]. <heroFeel>, and [anger|shame|grief] [close behind|with it|after].',
      'They woke to find {rival} [gone|standing over them|walking away], and {hero} understood [all at once|too late|with a sick feeling] what the [smiles|favours|stories] had been for.',
    ],
  ],
  ambush: [
    [
      'It was too quiet in {place}. {animalCap} [growled|froze|raised its hackles], and {hero} [stopped|held up a hand|reached for their weapon].',
      '"[Something’s wrong|Listen|Stop]," {a} <said>. Nobody had to ask what; the [birds|frogs|crickets|bells] had stopped.',
    ],
    [
      'They came [from the trees|from the rocks|out of the mist|from under the bridge], the servants of {foe}, [silent|grinning|masked]. {heroCap} met the first with {magic}, and the second with [a boot|a shout|the flat of a blade].',
      'The fight was [short|ugly|loud] and [confused|fast|desperate]. {aCap} [fought back to back with {hero}|threw pots|swung a shovel], and {animal} [bit|tripped|chased] anyone who came close.',
    ],
    [
      'Then it was over, and the attackers were [gone|fled|scattered], leaving only <small> behind. {heroCap} [picked it up|studied it|kept it].',
      'When the last of them had [run|fallen back|vanished], {hero} [checked everyone|sat down hard|wiped their face], and found they were [bleeding|shaking|grinning].',
    ],
  ],
  duel: [
    [
      '{foeCap} was waiting, [taller than the stories|smaller than the stories|exactly as the stories said]. "[At last|So you came|Little hero]," [it|they] <said>.',
      'At the top of {place}, {foe} turned. [The air went cold|Everything went still|The light bent], and {hero} knew that every road had led here.',
    ],
    [
      'They fought [back and forth|up and down the stones|across the whole of {place}]. {heroCap} used {magic}, and {foe} [laughed|answered in kind|only staggered]. {aCap} [shouted encouragement|threw a stone|kept the others back].',
      '{foeCap} knew all about {hero}’s old failing — {weakness} — and [used it|pressed on it|mocked it]. But {hero} had {strength} too, and [that|the second|the better] part won out.',
    ],
    [
      'The last blow was [quick|quiet|almost gentle]. {foeCap} [fell|knelt|stumbled back], [and the air grew warm again|and the world let out its breath|and everything changed].',
      'When it was done, {hero} [stood alone|leaned on {a}|sat on the cold stones], too tired to [cheer|speak|stand].',
    ],
  ],
  siege: [
    [
      'The army of {foe} [surrounded|reached|fell on] {place} {timePhrase}: [torches on every hill|drums in the dark|a sea of shadows].',
      '{placeCap} [had one wall|had no wall to speak of|had old walls and few defenders], and {hero} [walked it|counted the gaps|looked at the faces on it] with a sinking heart.',
    ],
    [
      'All through the [night|day|long hours] they [held|fought|refused to give ground]. {aCap} [carried water|fixed the gate|rang the bell]; {b} [shot arrows|sang|carried the wounded].',
      '{heroCap} was everywhere at once, {magic} [flaring|glowing|roaring] on the [walls|gate|towers], until [their arms ached|their voice was gone|they could hardly stand].',
    ],
    [
      'At [dawn|last|the worst moment], the enemy [broke|drew back|hesitated], and the defenders [cheered|wept|sank down where they stood].',
      'The [gate|wall|tower] held, [just|barely|against all hope], and {hero} [leaned on it|slid down it|patted it like a tired horse].',
    ],
  ],
  discovery: [
    [
      'The [door|crack|stair] was hidden [behind a tapestry|under moss|beneath a statue], and only {animal} [found it|sniffed it out|would not leave it alone].',
      '{aCap} found the first clue — <small> — and {hero} found the second, where [the old stories|a drunk man|{mentor}] had said it would be.',
    ],
    [
      'Beyond it lay [a room full of maps|a hall of sleeping statues|a cave painted with stars|a library eaten by damp]. {heroCap} [held up {object}|lit a candle|went very still].',
      'Inside, everything was [dusty|silent|glittering] and [untouched|broken|waiting]. {aCap} [whistled|picked up a book|stayed by the door].',
    ],
    [
      'What they found there [answered one question|explained {foe}|made their blood run cold] and raised three more. "[So that’s it|Now we know|Of course]," {hero} <said> softly.',
      'They took what they could and left the rest for the dust, and {hero} carried the secret out like [a coal|a baby bird|a full cup].',
    ],
  ],
  trial: [
    [
      'The guardian of {place} [rose|woke|appeared] [from the stone|out of the water|in a ring of light]. "[Only one may pass|Answer, or go back|Who asks]?" it <said>.',
      'At the heart of {place} was a [circle|door|bridge] that would only [open|hold|let pass] for someone who could [answer its riddle|walk it alone|tell the truth].',
    ],
    [
      '{heroCap} [stepped forward|went alone|took a breath]. The question was [about {sign}|about courage|about home], and the answer was [harder|simpler|stranger] than they expected.',
      'The trial was not [a fight|strength|magic]. It asked {hero} to be {trait}, and to [face|name|forgive] {weakness} in themselves.',
    ],
    [
      'When {hero} [answered|finished|came back], the way [opened|glowed|lay clear], and {a} [cheered|breathed again|sat down with relief].',
      '{heroCap} came back [quieter|changed|smiling] and would not say what they had seen, only that it was [true|fair|worth it].',
    ],
  ],
  ritual: [
    [
      'The old rite of {place} needed [three voices|a light|a hero born under {sign}], and {mentor} [knew the words|read them from a scroll|had waited years for this].',
      'At the heart of {place} was a [ring of stones|dry fountain|bare altar], and {hero} [knew|felt|was told] what must be done there.',
    ],
    [
      'They [formed a ring|lit the lamps|joined hands], and {hero} raised {object}. The air [hummed|shivered|grew warm], and {magic} [rose|answered|spread] from their hands.',
      '{aCap} spoke the first word, [shaky|clear|hushed]; {b} the second; {hero} the last. For a moment nothing happened. Then everything did.',
    ],
    [
      'The light [faded|settled|sank into the stones], leaving them [dazed|laughing|silent], and something in {place} [had changed|was healed|was awake].',
      'When it was done, {hero} [sat down|looked at their hands|wept a little], and {animal} [curled up in their lap|licked their face|sat close].',
    ],
  ],
  vigil: [
    [
      'They made camp in {place}, and {hero} [took the first watch|could not sleep|sat up with the fire].',
      'Night fell over {place}, [slow|cold|soft], and the company [slept|rested|tried to], all but {hero}.',
    ],
    [
      '{aCap} [came and sat|could not sleep either|brought two cups]. "[Do you ever wonder|Can I ask you something|Tell me about home]?" [they|{a}] <said>, and they talked [for hours|until the fire died|until the stars moved].',
      'In the dark, {hero} [thought of home|thought of {foe}|counted the stars of {sign}], and [found|felt|remembered] <feel>.',
    ],
    [
      'At [dawn|first light|last] {hero} [woke the others|let them sleep|watched the sun rise], [stiff|calm|ready] and [strangely rested|clear-headed|at peace].',
      'By morning the fire was ash and the [fear|worry|cold] had gone with it.',
    ],
  ],
  festival: [
    [
      '{placeCap} [had decided|insisted|was determined] to celebrate, and nobody — least of all {hero} — could [talk them out of it|stop them|say no].',
      'There were [lanterns|ribbons|drums] in every [street|window|tree] of {place}, and {a} [was already dancing|had found the food|had a flower behind one ear].',
    ],
    [
      'They [ate|danced|sang] until [late|their feet hurt|the moon rose], and for one night nobody mentioned {foe}. {animalCap} [ate far too much|was crowned king of the goats|slept under a table].',
      'A [fiddler|piper|drummer] played the old song of {sign}, and {hero} [blushed|laughed|sang along], and {a} [teased them for it|sang louder|cried a little].',
    ],
    [
      'Late that night {hero} [slipped away|sat on a wall|climbed to a roof] to watch the lanterns, and {a} came to sit beside them.',
      'When the music [stopped|faded|ended], {hero} [stood|lingered|looked back] a long time in the emptying square.',
    ],
  ],
};

/** After the scene break: talk and reflection, the hero's signs and the object found. */
export const AFTERMATHS = [
  '"[Did you see|Did you mean|Were you afraid of] that?" {a} <said> [later|much later|when they were alone]. {heroCap} [thought about it|shrugged|did not answer at once]. "[Yes|A little|Every minute of it]," [they|{hero}] <said> at last.',
  '{aCap}, who {aTrait}, had [plenty|a great deal|nothing at all] to say about the day. {heroCap} listened and, being {ctrait}, [smiled|nodded|kept their thoughts to themselves].',
  'People born under {sign} are said to be {trait}, and {a} [teased {hero} about it|reminded {hero} of it|told {hero} so]. "You were {trait} [today|back there|all day]," [they|{a}] <said>. "[It suited you|Don’t let it go to your head|It saved us]."',
  'The {cAnimal} in {hero} [wanted to run|wanted to fight|wanted to rest], and the {element} in them wanted to {elementWish}; {hero} [listened to both|chose the second|let them argue].',
  'That night {hero} [looked up|lay back|sat] and found the stars of {sign} [over {place}|through the clouds|low in the east]. Born in a {cElement} year, {hero} had always [liked|trusted|felt watched by] them.',
  '{heroCap} [could not sleep|sat up late|woke before the others] and [cleaned their weapon|mended a boot|watched {animal} dream], thinking [about {foe}|about {mentor}|about the road], until [the fire was embers|the birds began|{a} snored loudly enough to wake the dead].',
  '[Nobody|Not one of them|None of the company] mentioned [how close it had been|the fear|what they had seen], but {a} [shared out the last of the honey|sang the silly song from {prevPlace}|put an extra blanket over {hero}], which said it [anyway|well enough|all].',
  '{heroCap} [washed|rinsed|scrubbed] the day off [in a stream|in a bucket|with snow], and {a} [handed over a clean shirt|said they still smelled|laughed], and for a moment it was [an ordinary evening|almost like home|easy].',
  'Later, {a} [asked|wanted to know|wondered aloud] whether {sign} people ever [doubted|rested|said sorry]. "[Constantly|Never|Only on Tuesdays]," {hero} <said>, [and it was almost true|and {a} laughed|and changed the subject].',
  '{animalCap}, {animalKind} that {animalTrait}, [climbed into {hero}’s lap|sat at the edge of the firelight|watched the road] and would not be moved.',
];

export const OBJECT_FOUND = [
  'Before they left, {hero} [found|was given|dug up] {found}, and [held it up to the light|wrapped it carefully|said nothing for a while]. {aCap} [whistled|nodded|swore softly]: it was [exactly|nothing like|more than] what the stories said.',
  '{foundCap} came to {hero} [in {place}|at the end of that day|almost by accident], and from then on it went [everywhere they went|in the inside pocket|wrapped in a scarf].',
];

/** Closes a chapter that is not the last: points at the next place. */
export const HOOKS = [
  '[The road|The way|Their path] now led to {nextPlace}, and {hero} [did not like|rather liked|could not stop thinking about] [the sound of it|what they had heard of it|how far it was].',
  '"{nextPlaceCap}," {a} <said>, [tracing it on the map|yawning|with a shiver]. "[Tomorrow|At first light|After breakfast], then." {heroCap} [nodded|agreed|was already packing].',
  'Far off, beyond {place}, {nextPlace} was waiting, and so, {hero} suspected, was {foe}.',
  'In the morning they would set out for {nextPlace}. Tonight, {hero} [slept|tried to sleep|lay awake] with {object} close at hand.',
];

/** Closes the story in its last chapter. */
export const ENDINGS = [
  'Much later, in {place}, {hero} [told the story|wrote it all down|let {a} tell it, wrongly and well] by the fire, and the children [laughed in the right places|asked for it again|fell asleep before the end]. {foeCap} was only a story now, and {hero} was home.',
  '{heroCap} [stood|sat|lingered] a long while in {place} with {company}, and watched the [sun rise|lamps come on|stars wheel] over a world that had nearly been lost. Then they went [home|inside|to find breakfast], and the story ended there, where all good stories do.',
];

/** Extra paragraphs when a chapter runs short: small moments of the company on the road. */
export const INTERLUDES = [
  'On the way, {a} [told|sang|mangled] a long story about [a goose and a king|three sisters and a well|a cook who became an admiral], and {hero} [pretended to hate it|laughed in all the wrong places|asked for it again].',
  '{heroCap} [thought|could not stop thinking|dreamed] about {mentor}, {mentorKind}, who {mentorTrait}. "[You will know when|Trust the road|Fear is a map, not a wall]," {mentor} had said once, and it [made more sense now|still made no sense|came back to them now].',
  '{animalCap} caught [a fish|a rabbit|a thief’s glove] and [presented it to {hero}|refused to share|buried it], and {a} said it was [an omen|a good sign|typical].',
  '{heroCap} practised {magic} while the others [slept|ate|kept watch], and the {element} [answered better than it used to|was stubborn tonight|came easily], a little more {ctrait} every day.',
  'They [passed|met|shared a fire with] [a tinker|a pilgrim|a shepherd|two runaway nuns] who had [heard of|never heard of|a song about] {foe}, and who [gave them bread|warned them|asked for nothing].',
  '[Once|Twice|Now and then] {hero} caught {a} [looking back the way they had come|humming under their breath|writing in the little book], and wondered what [they were thinking|it meant|they were afraid of].',
  'The {cElement} year {hero} was born in was said to make people {ctrait}, and {a} [said so|teased them about it|argued the opposite] for a full mile.',
  'It rained on and off all [morning|afternoon|week], and {a} [invented|composed|hummed] a song about it with [eleven|far too many|no good] verses, each worse than the last. {animalCap} [howled along|left|hid under {hero}’s cloak].',
  'They [bought|traded a knife for|were given] [a sack of apples|a round of cheese|a loaf as big as a cartwheel] at a farm, and the farmer’s [grandmother|youngest|dog] [followed them to the gate|asked {hero} for a blessing|would not stop staring at {animal}].',
  '{heroCap} [wrote a letter home|tried to write a letter home|started three letters home] and [burned them all|sent none|gave the last one to a carter], because [there was no way to explain|the words would not come|{place} was so far away now].',
  'One [evening|morning|afternoon] {a} taught {hero} [a card game|to whistle with two fingers|a rhyme for finding north], and {hero} [lost every hand|was terrible at it|got it wrong on purpose], and they both laughed [more than it deserved|until they ached|for the first time in days].',
  '[A hawk|A crow|An owl] followed them [for a day|from tree to tree|all afternoon], and {a} [was sure it was a spy of {foe}|named it|threw crusts to it]. {heroCap}, being {trait}, [kept an eye on it|did not care|waved at it].',
  'The road [was kind|was long|was dull] for a while, and {hero} was [glad|almost sorry|suspicious]. [Dull roads|Quiet days|Easy miles], {mentor} used to say, are where [a company learns its own jokes|feet heal|plans are made].',
  '{animalCap} [went missing|wandered off|vanished] [after supper|at dawn|for an hour] and came back [with burrs in its fur|looking pleased with itself|with a stranger’s hat], and nobody ever found out [where it had been|whose hat it was|what it had done].',
  'They [crossed paths with|overtook|were overtaken by] [a wedding party|a travelling circus|a column of pilgrims] and walked with them [for a mile|until the fork|half a day], sharing [bread|songs|news], and {a} [danced with a juggler|learned a new curse|lost a bet].',
  '{heroCap} [slept badly|dreamed of {foe}|dreamed of home], and woke with [the taste of smoke|a name on their lips|the stars of {sign} still behind their eyes]. {aCap} [made tea without asking|pretended not to notice|asked nothing].',
  'At [a ford|a milestone|a ruined chapel] someone had [carved|scratched|painted] {hero}’s name, [fresh|weeks old|in a child’s hand], and nobody could explain it. {aCap} [didn’t like it|thought it was funny|rubbed it out].',
  'At [a crossroads|a well|a shrine] they stopped to rest, and {hero} [counted the days|checked {object}|mended a strap], thinking of how {foe} meant to {aim}, and of how little time there might be.',
];

export const STAGE_WORDS: Record<ArcStage, string[]> = {
  setup: ['beginning', 'first step', 'start of it all'],
  rising: ['road', 'climb', 'long way'],
  midpoint: ['turn', 'heart of it', 'truth'],
  dark: ['dark', 'low point', 'worst of it'],
  climax: ['last stand', 'end of the road', 'reckoning'],
  resolution: ['ending', 'homecoming', 'after'],
};

/** Title patterns (`{K}` a word for the scene's kind, `{P}` place, `{O}` object, `{C}` companion). */
export const TITLE_PATTERNS = [
  'The {K} of {P}',
  '{K} at {P}',
  '{C} and the {O}',
  'The {O}',
  '{T} in {P}',
  '{W} over {P}',
  'The {K} Before {N}',
  '{R}’s {K}',
  'Where the {O} Leads',
  'The {A} {K}',
  '{P}',
  '{C}’s {K}',
];

export const KIND_WORDS: Record<SceneKind, string[]> = {
  arrival: ['Gates', 'Arrival', 'Threshold', 'Welcome'],
  crossing: ['Crossing', 'Bridge', 'Passage', 'Ford'],
  chase: ['Chase', 'Flight', 'Pursuit', 'Run'],
  storm: ['Storm', 'Gale', 'Tempest', 'Squall'],
  rescue: ['Rescue', 'Chains', 'Lifeline', 'Unlocking'],
  parley: ['Bargain', 'Parley', 'Truce', 'Offer'],
  council: ['Council', 'Counsel', 'Plan', 'Table'],
  betrayal: ['Betrayal', 'Broken Seal', 'Turncoat', 'Empty Camp'],
  ambush: ['Ambush', 'Trap', 'Snare', 'Silence'],
  duel: ['Duel', 'Blades', 'Reckoning', 'Stand'],
  siege: ['Siege', 'Last Gate', 'Wall', 'Beacon'],
  discovery: ['Secret', 'Hidden Door', 'Vault', 'Finding'],
  trial: ['Trial', 'Riddle', 'Test', 'Question'],
  ritual: ['Rite', 'Circle', 'Vow', 'Old Words'],
  vigil: ['Vigil', 'Watch', 'Long Night', 'Embers'],
  festival: ['Feast', 'Lanterns', 'Dance', 'Homecoming'],
};

/** The road into each landscape, told on the way to the chapter's place. */
export const LANDSCAPE_ROADS: Record<string, string[]> = {
  mountains: [
    'The path [climbed|zigzagged|crawled] up the mountainside, and the air grew [thin|sharp|cold] enough to make {a} [cough|complain|stop every hundred steps]. Far below, [clouds|eagles|the whole valley] drifted past like [sheep|leaves|slow boats].',
    'They [scrambled|climbed|edged] along ledges no wider than a [boot|bench|loaf], and {animal} [went first|refused to look down|found every foothold], while the wind [sang|moaned|whistled] in the cracks of the rock.',
  ],
  forest: [
    'Under the trees the light turned [green|gold|dim], and the road [narrowed to a deer track|disappeared under leaves|wound between roots as thick as barrels]. {aCap} [kept tripping|picked mushrooms|swore the trees were watching].',
    'The forest was [old|deep|loud with birds], and every [stump|stone|hollow] seemed to have a story. {animalCap} [chased a squirrel|sniffed every trunk|stayed close to {hero}’s heels].',
  ],
  coast: [
    'They followed the shore, [gulls wheeling|waves hissing|the tide drawing back] beside them, and {a} [collected shells|told sailors’ stories|squinted out to sea] for the whole long mile.',
    'Salt [stiffened their hair|dried on their lips|crusted their boots], and the sea [boomed|sighed|glittered] against the rocks below the path.',
  ],
  desert: [
    'The sand [burned|shifted|sang] under their feet, and they walked [by night|from well to well|in the shadows of the dunes], rationing water [by the sip|by the cup|by the hour].',
    'Heat [shimmered|danced|rose] off the dunes until {a} swore [they saw a city|the rocks were moving|the sun was laughing at them], and {hero} [shared the last of the water|tied scarves over every face|called a halt in the shade].',
  ],
  marsh: [
    'The plank path [wobbled|sank|creaked] over black water, and frogs [fell silent|boomed|plopped away] as they passed. {aCap} lost a boot [twice|once, and then the other one|and never found it].',
    'Reeds [closed in|whispered|rattled] on every side, and the mist [hid the way|came and went|smelled of rot and mint]; only {animal} seemed to know where the ground was firm.',
  ],
  city: [
    'The streets [twisted|climbed|narrowed] between tall houses, and the crowd [pushed|jostled|swept] them along past [fish stalls|temple steps|pawnshops and bakeries]. {aCap} [kept a hand on the purse|got lost twice|bought something useless].',
    'Bells [rang|clanged|tolled] from a dozen towers, and every [corner|alley|square] had a [beggar|preacher|juggler] and an opinion. {heroCap} [kept their hood up|followed the map|asked the way] and trusted nobody.',
  ],
  caverns: [
    'Underground, their [lantern|torch|light] made a small world that moved with them, and the dark [pressed|waited|listened] all around. Water [dripped|trickled|echoed] somewhere they could not see.',
    'The tunnels [branched|twisted|dropped] without warning, and {a} [chalked arrows|counted turns|held {hero}’s belt] so they would find the way back.',
  ],
  tundra: [
    'The cold [bit|stung|crept] through every layer, and the snowfield stretched [flat and white|blue and endless|silent] to the edge of the sky. Their breath [froze|hung|smoked] in the air.',
    'They walked in a line, each in the last one’s steps, and {animal} [curled against {hero} at every halt|grew a thicker coat, or seemed to|sniffed out the safe ice].',
  ],
  volcano: [
    'The ground was [warm|black|cracked] underfoot, and [steam|smoke|sparks] rose from vents in the rock. {aCap} [tied a wet cloth over their face|complained about their boots melting|walked very fast].',
    'Rivers of [slow fire|glowing rock|orange light] crept down the slope beside the path, and the air [shook|tasted of sulphur|hummed] with the mountain’s breath.',
  ],
  river: [
    'They followed the river [downstream|upstream|along its bank], past [mills|fishers|reed-cutters], and {a} [skipped stones|talked to a heron|bargained for a ride on a barge].',
    'The water [ran fast|ran brown|sparkled] beside them, and the path [flooded|climbed over rocks|crossed and recrossed it] until {hero} stopped counting.',
  ],
  ruins: [
    'Broken [walls|columns|arches] rose out of the grass, and the road ran over [cracked mosaics|fallen statues|old paving] where [kings|priests|merchants] had walked once. {aCap} [read the inscriptions aloud|went very quiet|pocketed a coin].',
    'Ivy [covered|swallowed|held together] what was left of the old city, and {animal} [chased lizards|sat on a throne|barked at a statue] among the stones.',
  ],
  'sky-isles': [
    'They crossed from island to island on [rope bridges|stepping stones of floating rock|a borrowed kite], with nothing below but [cloud|wind|a very long way down].',
    'The wind [pushed|lifted|rocked] the bridges, and {a} [held on with both hands|sang very loudly|kept their eyes shut], while {animal} [trotted across as if it were a meadow|had to be carried|barked at the clouds].',
  ],
};

/** What each stage of the arc adds to a chapter, beyond its scene. */
export const STAGE_BEATS: Record<ArcStage, string[]> = {
  setup: [
    '{mentorCap}, {mentorKind}, [came to see them off|sent a message|was waiting at the crossroads]. "{foeCap} [has woken|is moving|will not wait]," [they|{mentor}] <said>. "Take {object}. [It has waited for you|It knows the way|Do not lose it]." {heroCap} [took it|hesitated, then took it|bowed and took it].',
    'That night {hero} [packed|unpacked and packed again|sat on the bed staring at the pack], and thought about {place}, about {foe}, and about [how small the world had been yesterday|everything they might not come back to|what it meant to be {trait}].',
    '{heroCap} had always been known for {strength}, [everyone said so|and was rather proud of it|which was useful now]. {heroCap} was also known for {weakness}, [which was less useful|and {a} never let them forget it|which worried them more].',
  ],
  rising: [
    '[Every day|Each mile|Every night] brought [new trouble|new faces|a new rumour] about {foe}: [a village emptied|a bridge burned|a river running the wrong way]. {aCap} [kept a tally|stopped joking|started sleeping in their boots].',
    'Somewhere behind them, {rival} was [on the same road|asking the same questions|following], and {hero} [felt it|knew it|could not shake the thought]. {rivalCap} {rivalTrait}, and that made them [dangerous|useful|hard to hate].',
    'The company [found its rhythm|learned each other’s habits|argued less]: {a} [cooked|kept watch|found the paths], {animal} [found water|warned of strangers|kept everyone warm], and {hero} [led|listened|decided].',
  ],
  midpoint: [
    'What they learned changed everything. {foeCap} did not only mean to {aim}; [it was a door to something worse|it had been done before, long ago|it could not be undone]. {heroCap} [sat down|went pale|laughed, because crying would not help].',
    '"[We were wrong|It was never about|I understand now]," {hero} <said> slowly. "[About all of it|About {object}|About {foe}]." {aCap} [waited|took their hand|said nothing, which was kind].',
    'For the first time, {hero} [wondered|asked aloud|dared to say] whether {object} was [a key or a lock|meant for them at all|stronger than {foe}], and {mentor}’s old words came back: "{mentorTraitCap} — [that is my way|remember that|so listen]."',
  ],
  dark: [
    'It was the [worst|longest|coldest] night of the journey. {heroCap} [sat apart|could not eat|stared into the fire] and thought that perhaps {foe} had already won.',
    '"[Maybe we should go home|I can’t do this|What if we fail]," {hero} <said>, and hated the sound of it. {aCap}, who {aTrait}, [did not argue|sat beside them|gave them the last of the bread].',
    'Everything they had built [came apart|seemed to crumble|was tested at once]: [the plan|the company|the road] failed, and {weakness}, {hero}’s old failing, showed itself at exactly the wrong moment. It took a long time for {a} to find the right words.',
  ],
  climax: [
    'Everything they had learned came down to this: [the road|the old rite|the words of {mentor}], {object}, and each other. {heroCap} [breathed in|looked at the company|set their feet] and was ready.',
    '"[Whatever happens|If I fall|When this is over]," {hero} <said> to {a}, "[thank you|keep going|tell them it was worth it]." {aCap} [shook their head|grinned|gripped their arm]. "[Tell them yourself|You tell me afterwards|No speeches]."',
    '{foeCap} had meant to {aim}. Now, [at the very end|face to face|under the open sky], {hero} [saw how small that wish was|understood what it had cost|felt only pity].',
  ],
  resolution: [
    'The danger was over. {foeCap} [was gone|would trouble no one again|had been undone], and the world [went on|breathed again|began to mend], [slowly|quietly|the way worlds do].',
    '{rivalCap} came to find them [one last time|at the gate|by the fire]. "[You won|You earned it|Well fought]," [they|{rival}] <said>, [and meant it|and almost smiled|and held out a hand]. {heroCap} [took it|laughed|bowed].',
    '{mentorCap} [listened to the whole story|nodded at the end|said only, "Good"]. {heroCap} had left home known for {weakness} and came back known for {strength}, and {mentor} [had always known it would happen|said so|pretended not to be proud].',
  ],
};

/** Spoken exchanges on the road, by stage: a companion speaks, the hero answers. */
export const TALKS: Record<ArcStage, string[]> = {
  setup: [
    '"[Have you ever|Did you ever|You’ve never] been further than {place}?" {a} asked. "[Once|No|Only in books]," {hero} <said>. "[It can’t be that different|Everywhere is somebody’s {place}|How hard can it be]?"',
    '"[What do you know about|Who exactly is|Tell me about] {foe}?" {hero} asked. {aCap} [shivered|shrugged|lowered their voice]. "[Only the songs|Enough to be scared|Nothing good]," [they|{a}] <said>.',
    '"[Tell me again|Remind me|Explain] why we’re doing this," {a} <said>. "Because nobody else [will|can|is going to]," {hero} <said>. "[That’s a terrible reason|Fair enough|I knew you’d say that]."',
    '"[You could stay|You don’t have to come|Go home]," {hero} told {a}. {aCap} [snorted|laughed|didn’t even look up]. "[And miss all the fun|Who’d carry the food|Not a chance]?"',
  ],
  rising: [
    '"[My feet hurt|I miss my bed|I’m hungry]," {a} <said>, to nobody. "[So do mine|Mine too|You said that an hour ago]," {hero} <said>, and {animal} [agreed loudly|sighed|flopped down].',
    '"[Who taught you that|Where did you learn that|Since when can you do that]?" {a} asked, after {hero} had [read the tracks|found the ford|lit a fire in the rain]. "{mentorCap}," {hero} <said>. "[Years ago|The hard way|Don’t tell anyone]."',
    '"How far to {nextPlace}?" {a} [asked|wanted to know|groaned]. "[Further than yesterday|Not far|Don’t ask]," {hero} <said>, and {animal} [sighed|sneezed|lay down in protest].',
    '"[Do you think|What if|Suppose] {rival} gets there first?" {a} <said>. "Then we [go faster|find another way|deal with it]," {hero} <said>, [sounding braver than they felt|and meant it|with a grin].',
  ],
  midpoint: [
    '"[Half way|We’re half way there|That’s half the road]," {a} <said>, [counting on their fingers|squinting at the map|with a tired grin]. "[Or half lost|The easy half|The worse half is next]," {hero} <said>.',
    '"Do you trust {rival}?" {a} asked. "[No|I trust them to be {rival}|Not yet]," {hero} <said>, "[but I understand them now|and that’s enough|which is something]."',
    '"[So that’s what|Now we know what|That’s why] {foe} wants {object}," {a} <said> quietly. "[And why|Which is why|So] we can’t let them have it," {hero} <said>.',
    '"[Are you afraid|Does it scare you|Aren’t you frightened]?" {a} asked. "[Every day|All the time|Yes]," {hero} <said>. "[That’s how I know it matters|It helps|I just walk anyway]."',
  ],
  dark: [
    '"[Say something|Talk to me|Don’t go quiet on me]," {a} <said>. {heroCap} [shook their head|stared at the ground|tried, and failed]. In the end {animal} [put its head in their lap|nudged their hand|lay across their feet], and that said it instead.',
    '"[It was my fault|I led us here|I chose this road]," {hero} <said>. "[We all chose it|So lead us out|Then choose again]," {a} <said>, [not unkindly|firmly|and held out a hand].',
    '"[We can still turn back|Nobody would blame you|It’s not your fault]," {a} <said>. "[I know|Maybe|You’re wrong]," {hero} <said>, and [did not move|got up|picked up the pack].',
    '"[Remember|Do you remember|Think of] {prevPlace}?" {a} <said>. "[We did that|That was impossible too|You didn’t give up then]." {heroCap} [almost smiled|looked up|wiped their eyes].',
  ],
  climax: [
    '"[Stay behind me|Keep to the wall|Watch my back]," {hero} <said>. "[Always|As if I’d be anywhere else|Since {place}]," {a} <said>.',
    '"[Remember what {mentor} said|Think of {prevPlace}|Think of home]," {a} <said>. {heroCap} [nodded|smiled grimly|closed their eyes for a breath] and [went forward|did not look back|raised {object}].',
    '"[Ready|Now|Together]?" {a} <said>. "[No|Never|Always]," {hero} <said>, and [drew their weapon|raised {object}|stepped forward].',
    '"If this goes wrong—" {a} began. "[It won’t|Then we try again|Then it goes wrong together]," {hero} <said>.',
  ],
  resolution: [
    '"[I’ll miss this|I won’t miss this|I might miss this]," {a} <said>, looking at the road. "[The road|The walking|The bad food]?" "[The company|All of it|You]," [they|{a}] <said>.',
    '"[Will you write it down|Will they sing about it|Do you think anyone will believe it]?" {a} asked. "[Only the true parts|If {animal} lets me|Somebody will]," {hero} <said>.',
    '"[What now|Where next|So that’s that]?" {a} <said>. "[Breakfast|Home|A very long sleep]," {hero} <said>, "[and then we’ll see|and then everything else|first]."',
    '"[Was it worth it|Would you do it again|Any regrets]?" {a} asked. {heroCap} [thought about it|looked at the company|looked at {object}]. "[Yes|Every step|Ask me tomorrow]," [they|{hero}] <said>.',
  ],
};

/** When the next chapter stays where this one is. */
export const STAY_HOOKS = [
  'They were not done with {place} yet, and {place}, {hero} suspected, was not done with them.',
  '"[We stay|One more day here|Not yet]," {hero} <said>, [looking at the dark beyond the lamps|as {a} unrolled the blankets|and nobody argued].',
];

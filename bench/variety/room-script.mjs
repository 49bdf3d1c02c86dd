// A scripted shared story room of 30 hero messages, for the narrator's variety figures: three heroes
// who open doors, give coins, light torches, ask questions, fight and name places and creatures. Each
// message lists the things it introduces (lowercase nouns), which a reply that listens names again.
export const ROOM_HEROES = [
  {
    name: 'Lyra Vale',
    westernSign: 'Leo',
    westernElement: 'Fire',
    chineseSign: 'Dragon',
    chineseElement: 'Yang Wood',
  },
  {
    name: 'Orion Dusk',
    westernSign: 'Pisces',
    westernElement: 'Water',
    chineseSign: 'Rabbit',
    chineseElement: 'Yin Metal',
  },
  {
    name: 'Sela Thorn',
    westernSign: 'Capricorn',
    westernElement: 'Earth',
    chineseSign: 'Ox',
    chineseElement: 'Yin Fire',
  },
];

export const ROOM_SCRIPT = [
  ['Lyra Vale', 'I push open the iron door of the lighthouse.', ['door', 'lighthouse']],
  ['Orion Dusk', 'I light a torch and hold it up to the stairs.', ['torch', 'stairs']],
  ['Sela Thorn', 'I give the ferryman a silver coin for his silence.', ['ferryman', 'coin']],
  ['Lyra Vale', 'Who carved these runes into the wall?', ['runes', 'wall']],
  ['Orion Dusk', 'I read the runes aloud, slowly.', ['runes']],
  ['Sela Thorn', 'A wolf howls somewhere below us. I draw my axe.', ['wolf', 'axe']],
  ['Lyra Vale', 'I throw my lantern down the well to see the bottom.', ['lantern', 'well']],
  ['Orion Dusk', 'There is a boat tied at the bottom of the well!', ['boat', 'well']],
  ['Sela Thorn', 'I climb down the rope first.', ['rope']],
  ['Lyra Vale', 'I follow Sela and keep my sword ready.', ['sword']],
  ['Orion Dusk', 'I untie the boat and push us into the dark river.', ['boat', 'river']],
  ['Sela Thorn', 'Should we trust the map the ferryman sold us?', ['map', 'ferryman']],
  ['Lyra Vale', 'I unfold the map on my knees and trace the tunnels.', ['map', 'tunnels']],
  ['Orion Dusk', 'A serpent rises from the water beside the boat!', ['serpent', 'water']],
  ['Sela Thorn', 'I strike the serpent with my axe.', ['serpent', 'axe']],
  ['Lyra Vale', 'I shout a fire spell at its eyes.', ['spell', 'eyes']],
  ['Orion Dusk', 'I steer the boat toward the glowing cave.', ['boat', 'cave']],
  ['Sela Thorn', 'I pull a crystal out of the cave wall.', ['crystal', 'wall']],
  ['Lyra Vale', 'What does the crystal show when I hold it to the light?', ['crystal', 'light']],
  ['Orion Dusk', 'I hand Lyra my compass; its needle spins wildly.', ['compass', 'needle']],
  ['Sela Thorn', 'We land on a beach of black sand beneath a ruined temple.', ['beach', 'sand', 'temple']],
  ['Lyra Vale', 'I knock three times on the temple gate.', ['gate', 'temple']],
  ['Orion Dusk', 'An old priestess opens the gate and asks for our names.', ['priestess', 'gate', 'names']],
  ['Sela Thorn', 'I offer the priestess the crystal as a gift.', ['priestess', 'crystal', 'gift']],
  ['Lyra Vale', 'I ask her about the dragon on the temple banner.', ['dragon', 'banner']],
  ['Orion Dusk', 'I bow and light incense at the altar.', ['incense', 'altar']],
  ['Sela Thorn', 'I break the chain that binds the sleeping dragon.', ['chain', 'dragon']],
  ['Lyra Vale', 'I climb onto the dragon and grip its horns.', ['dragon', 'horns']],
  ['Orion Dusk', 'We fly over the harbour as the sun rises.', ['harbour', 'sun']],
  ['Sela Thorn', 'I drop the last coin into the sea for luck.', ['coin', 'sea', 'luck']],
];

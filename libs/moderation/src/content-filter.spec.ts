import { isRefusedLanguage, joinSpelledOutWords } from './content-filter.js';

describe('isRefusedLanguage', () => {
  it.each([
    'fuck',
    'Fuck this quest',
    'f u c k',
    'F*U*C*K',
    'f.u.c.k off',
    's-h-i-t',
    'sh1t',
    'sh!t',
    '5hit',
    'fuuuuuck',
    'fμck',
    'ƒuck',
    'ｆｕｃｋ',
    'b1tch',
    'a$$hole',
    'c0ck',
    'what a twat',
    'Moby Dick',
  ])('refuses %j', (text) => {
    expect(isRefusedLanguage(text)).toBe(true);
  });

  it.each([
    // Ordinary fantasy names and the room titles and chat lines a story is made of.
    'Lyra Moonwhisper',
    'Kael of the Ember Vale',
    'Sir Percival',
    'Lady Morgana',
    'Cassandra',
    'Cassius',
    'Titania',
    'Titus',
    'Sextus',
    'Cockatrice',
    'Peacock',
    'Hancock',
    'Dickens',
    'Essex',
    'Assassin',
    'Shitake',
    'Arsenal',
    'Cumbria',
    'Grapes of the Vale',
    "Lyra's Moonlit Quest",
    'Into the Sunless Sea',
    'Hunting the Hellhound',
    'Assault on Castle Grimm',
    'The pen is mightier than the sword.',
    'I have a sword & a shield, a b c, ready!',
    'Dr. A. B. Smith reads the U.S.A. map',
    // Whitelisted by the library or added here.
    'Scunthorpe',
    'Penistone',
    'Emily Dickinson',
    'Fagin',
    'Fukushima',
    'Analise',
    'a bastard sword',
  ])('lets %j through', (text) => {
    expect(isRefusedLanguage(text)).toBe(false);
  });

  it('reads a number standing on its own as a number, not as leetspeak', () => {
    for (const text of ['455', 'I rolled a 455!', 'Gate 717 at 7:17', 'In 2026 we ride', '4 5 5']) {
      expect(isRefusedLanguage(text)).toBe(false);
    }
    // Digits among letters are still leetspeak.
    expect(isRefusedLanguage('a55')).toBe(true);
    expect(isRefusedLanguage('5h1t')).toBe(true);
  });

  it('lets markup through: refusing is about language, not about characters', () => {
    expect(isRefusedLanguage(`<img src=x onerror="window.__xss='n1'">`)).toBe(false);
    expect(isRefusedLanguage(`{{constructor.constructor('alert(8)')()}}`)).toBe(false);
  });
});

describe('joinSpelledOutWords', () => {
  it('writes a word spelled letter by letter as one word and leaves other words alone', () => {
    expect(joinSpelledOutWords('well f u c k this')).toBe('well fuck this');
    expect(joinSpelledOutWords('s.h.i.t and F*U*C*K')).toBe('shit and FUCK');
    expect(joinSpelledOutWords('the pen is mightier')).toBe('the pen is mightier');
  });

  it('needs three letters at least: two initials stay apart', () => {
    expect(joinSpelledOutWords('J. R. Tolkien')).toBe('J. R. Tolkien');
  });
});

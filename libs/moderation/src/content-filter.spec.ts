import { isRefusedLanguage, joinSpelledOutWords, maskedReadings, soundsLike } from './content-filter.js';
import { visibleLetters } from './normalise.js';

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

describe('visibleLetters', () => {
  it('reads what a reader sees: compatibility forms, invisible code points, look-alikes, marks', () => {
    expect(visibleLetters('f\u00ADu\u2060c\uFE0Fk')).toBe('fuck');
    expect(visibleLetters('s\u034Fh\u3164i\u200Bt')).toBe('shit');
    expect(visibleLetters('c\u0336u\u0336n\u0336t\u0336')).toBe('cunt');
    expect(visibleLetters('𝒻𝓊𝒸𝓀 𝔣𝔲𝔠𝔨')).toBe('fuck fuck');
    expect(visibleLetters('ꜱʜɪᴛ')).toBe('shit');
    expect(visibleLetters('dıck ſhit')).toBe('dick shit');
    expect(visibleLetters('сunt тwat')).toBe('cunt twat');
  });

  it('never remaps ASCII, which the confusables data would read otherwise ("m" as "rn")', () => {
    expect(visibleLetters('Moonwhisper 1 0 |')).toBe('Moonwhisper 1 0 |');
  });
});

describe('disguises', () => {
  it('reads text a bidi override shows backwards both ways', () => {
    expect(isRefusedLanguage('\u202Ekcuf')).toBe(true);
    // Without an override the letters are just letters.
    expect(isRefusedLanguage('kcuf')).toBe(false);
  });

  it('reads a word as it sounds, only the words that change', () => {
    expect(soundsLike('Phuck the fvck Raphael')).toBe('fuck, fuck, rafael');
    expect(isRefusedLanguage('phuck')).toBe(true);
  });

  it('reads each hidden letter as every letter, and refuses a text hiding more than it can read', () => {
    expect(maskedReadings(['c*nt'])).toContain('cunt');
    expect(isRefusedLanguage('f**k')).toBe(true);
    expect(isRefusedLanguage('5 * 3 = 15, *wow*')).toBe(false);
    const tooMany = Array.from({ length: 20 }, (_, index) => `w**${String.fromCharCode(97 + index)}`).join(
      ' ',
    );
    expect(maskedReadings(tooMany.split(' '))).toBeNull();
    expect(isRefusedLanguage(tooMany)).toBe(true);
  });

  it('stays fast: a full chat message in milliseconds, the worst masked one in tens', () => {
    const chat = 'Lyra walks into the tavern and asks the keeper for a mug of ale by the fire. '
      .repeat(13)
      .slice(0, 1000);
    const masked = `${'w**d '.repeat(12)}${chat.slice(0, 900)}`;
    const average = (text: string, runs: number) => {
      isRefusedLanguage(text);
      const start = performance.now();
      for (let run = 0; run < runs; run += 1) isRefusedLanguage(text);
      return (performance.now() - start) / runs;
    };
    expect(average(chat, 50)).toBeLessThan(25);
    expect(average(masked, 10)).toBeLessThan(100);
  });
});

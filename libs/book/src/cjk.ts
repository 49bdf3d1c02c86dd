/**
 * The book's fonts (EB Garamond, Cinzel) have no Chinese, Japanese or Korean glyphs, and a font that
 * covers them would weigh many megabytes: the PDF writes the twelve zodiac animals' characters (the
 * ones a hero's story names) in pinyin instead of printing an empty box. The EPUB keeps the
 * characters: a reader's own fonts draw them.
 */
const ANIMAL_PINYIN: Readonly<Record<string, string>> = {
  鼠: 'Shu',
  牛: 'Niu',
  虎: 'Hu',
  兔: 'Tu',
  龙: 'Long',
  龍: 'Long',
  蛇: 'She',
  马: 'Ma',
  馬: 'Ma',
  羊: 'Yang',
  猴: 'Hou',
  鸡: 'Ji',
  雞: 'Ji',
  狗: 'Gou',
  猪: 'Zhu',
  豬: 'Zhu',
};

const ANIMAL_CHARACTERS = new RegExp(`[${Object.keys(ANIMAL_PINYIN).join('')}]`, 'gu');

/** The text with each zodiac animal's character written in pinyin ('羊' → 'Yang'). */
export function animalsInLatin(text: string): string {
  return text.replace(ANIMAL_CHARACTERS, (character) => ANIMAL_PINYIN[character] ?? character);
}

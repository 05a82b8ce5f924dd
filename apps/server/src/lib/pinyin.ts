import { pinyin } from 'pinyin-pro';

/**
 * What a person's name is searched by besides itself: its toneless pinyin without spaces (张三丰 ->
 * zhangsanfeng) and the initials of each syllable (zsf). Latin names are kept, lower-cased.
 */
export function pinyinKeys(name: string): { pinyin: string; initials: string } {
  const syllables = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .map((syllable) => syllable.toLowerCase().replace(/[^a-z]/g, ''))
    .filter(Boolean);
  return { pinyin: syllables.join(''), initials: syllables.map((syllable) => syllable[0]).join('') };
}

// Chinese word segmentation. The engine takes any Segmenter (compile(def, { segmenter })); the
// default is jieba (@node-rs/jieba: prebuilt, no install script) with its own dictionary, made
// once per process on first use (about 250 ms and 60 MB). The bot's own keywords and hot words act
// as its dictionary on top of jieba's words: see match.ts (a keyword that starts a word is taken
// as a word of its own, whatever jieba's split after it).
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

/** Splits one clause (no punctuation) into words, in order, covering the whole input. */
export type Segmenter = (clause: string) => string[];

let shared: Jieba | null = null;

/** jieba with its default dictionary and HMM for words it does not know. */
export const jiebaSegmenter: Segmenter = (clause) => {
  if (!shared) shared = Jieba.withDict(dict);
  return shared.cut(clause, true);
};

/** One character a word: the fallback where no dictionary may be loaded (and a test baseline). */
export const charSegmenter: Segmenter = (clause) => [...clause];

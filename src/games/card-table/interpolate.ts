import type { Card } from "./content/schema";

const BLANK = "_____";

/** A run of filled-in prompt text: plain, an answer put into a blank, or a blank still open. */
export type PromptSegment =
  | { kind: "text"; text: string }
  | { kind: "answer"; text: string /** Read after the prompt (more answers than blanks). */; after?: true }
  | { kind: "blank" };

/**
 * Words that are lowered mid-sentence on a card with no `proper` mark (an imported pack):
 * articles, determiners, pronouns, numbers and the like, which are never a name. Anything
 * else might be one ("Paris", "Oprah"), so it keeps its capital unless the card says
 * `proper: false`.
 */
const COMMON = new Set(
  (
    "a an the my your his her its our their this that these those some any every each all both either neither no " +
    "another other such what whatever which whose one two three four five six seven eight nine ten eleven twelve " +
    "twenty thirty forty fifty hundred thousand million half several many much more most few fewer less least " +
    "enough lots plenty too very just only not almost nearly really totally accidentally suddenly finally " +
    "being getting having doing going making trying taking giving using finding telling saying eating " +
    "someone somebody something everyone everybody everything nobody nothing anyone anybody anything " +
    "you he she it we they me him us them yourself myself himself herself ourselves themselves " +
    "when while after before during with without about for from into onto inside outside under over " +
    "in on at by to of up down off out and or but so if because"
  ).split(" "),
);

/** The first word of an answer, letters and apostrophes (curly or straight) and hyphens. */
const FIRST_WORD = /^\p{L}[\p{L}'’-]*/u;

/**
 * Whether an answer's capital may be lowered in the middle of a sentence. `proper: true`
 * keeps it; "I" and "I'm", "I'd", … keep it; so do acronyms and words with a capital
 * inside ("NASA", "TV", "McDonald's", "T-shirt"), abbreviations ("Dr."), and quotes.
 * `proper: false` lowers anything else; without a mark only the common words do.
 */
export function lowerable(card: Card): boolean {
  const text = card.properties.text ?? "";
  const word = FIRST_WORD.exec(text)?.[0];
  if (!word || card.properties.proper === true) return false;
  if (word === "I" || /^I['’]/.test(word)) return false;
  if (word !== word.charAt(0) + word.slice(1).toLowerCase()) return false;
  if (word.length === 1 && word !== "A") return false;
  if (text.charAt(word.length) === "." && word.length <= 3) return false;
  if (card.properties.proper === false) return true;
  const bare = word.toLowerCase().replace(/['’]s$/, "");
  return COMMON.has(bare) || (bare.length >= 6 && bare.endsWith("ing"));
}

const ENDS_SENTENCE = /[.!?…]["'”’)]*$/;
/** The blank begins a sentence: nothing before it, or a full stop, or an opening quote. */
function startsSentence(before: string): boolean {
  const b = before.trimEnd();
  if (b === "" || ENDS_SENTENCE.test(b)) return true;
  return /(^|[\s(])["“]$/.test(b) || b.endsWith("‘");
}

/**
 * One answer as it reads in its blank. `before` is the prompt's text up to the blank,
 * `after` the text that follows it. Returns the answer text and how many characters of
 * `after` to skip (the prompt's own full stop when the answer already ends in "!" or "?").
 *
 * - The answer's final full stop goes when the sentence carries on after it (punctuation,
 *   or more words), so "never trust _____, and" reads "never trust a tuba solo, and".
 *   An ellipsis stays. A blank that ends the prompt keeps it; so does one followed by a
 *   new sentence (a capital).
 * - An answer ending in "!" or "?" keeps it; the prompt's "." right after is dropped, and
 *   the same mark twice is written once.
 * - Mid-sentence, the first letter is lowered when `lowerable` says so.
 */
export function fillBlank(card: Card, before: string, after: string): { text: string; skip: number } {
  let text = (card.properties.text ?? "").trim();
  let skip = 0;
  const rest = after.trimStart();
  const next = rest.charAt(0);
  const carriesOn = rest !== "" && !(after !== rest && /\p{Lu}/u.test(next));
  const full = /^(.*[^.])\.(["'”’)]*)$/s.exec(text);
  if (carriesOn && full) text = `${full[1]}${full[2]}`;
  const mark = /([!?])["'”’)]*$/.exec(text)?.[1];
  if (mark && after.length > 0 && (after[0] === "." || after[0] === mark)) skip = 1;
  if (!startsSentence(before) && lowerable(card)) text = text.charAt(0).toLowerCase() + text.slice(1);
  return { text, skip };
}

/**
 * The prompt with answers filled in, as segments: each blank takes the next answer,
 * blanks left over stay open, and answers beyond the blanks (a pick-2 question) are read
 * after the prompt as they are (each a sentence of its own).
 */
export function promptSegments(blackCard: Card, whiteCards: Card[]): PromptSegment[] {
  const text = blackCard.properties.text ?? "";
  const blanks = blackCard.properties.blanks ?? blackCard.properties.pick ?? 1;
  const parts = text.split(BLANK);
  const out: PromptSegment[] = [];
  let used = 0;
  let skip = 0;
  let before = "";
  parts.forEach((raw, i) => {
    const part = raw.slice(skip);
    skip = 0;
    if (part) out.push({ kind: "text", text: part });
    before += part;
    if (i === parts.length - 1) return;
    const answer = used < blanks ? whiteCards[used] : undefined;
    if (!answer) {
      out.push({ kind: "blank" });
      before += BLANK;
      return;
    }
    const filled = fillBlank(answer, before, parts[i + 1] ?? "");
    out.push({ kind: "answer", text: filled.text });
    before += filled.text;
    skip = filled.skip;
    used++;
  });
  for (const extra of whiteCards.slice(used))
    out.push({ kind: "text", text: " " }, { kind: "answer", text: extra.properties.text ?? "", after: true });
  return out;
}

/**
 * The document's interpolatePrompt: each blank takes the next answer in bold; answers
 * beyond the blanks (pick > blanks) are appended. Answers are fitted to the sentence
 * (`fillBlank`): "never trust _____, and" with "A tuba solo." reads
 * "never trust **a tuba solo**, and". Answer text stays literal ("$&" is just text).
 */
export function interpolatePrompt(blackCard: Card, whiteCards: Card[]): string {
  return promptSegments(blackCard, whiteCards)
    .map((s) => {
      if (s.kind === "blank") return BLANK;
      if (s.kind === "text") return s.text;
      // Answers past the blanks are appended unbolded, as the document does.
      return s.after ? s.text : `**${s.text}**`;
    })
    .join("");
}

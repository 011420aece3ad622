// Words that may open a mention of a person without being part of a name.
const LEADING = new Set(
  (
    "le la les l' un une des du de d' sa son ses mon ma mes ton ta tes notre votre leur leurs ce cet cette " +
    'monsieur madame mademoiselle messieurs mesdames m. mme mme. mlle mlle. mm. me dr docteur abbé père mère ' +
    'saint sainte comte comtesse marquis marquise baron baronne duc duchesse prince princesse roi reine ' +
    'capitaine général colonel oncle tante maître frère sœur soeur dame sir lord lady miss mr. mrs.'
  ).split(' '),
);
// Pronouns, labelled as people too, capitalised at the start of a sentence.
const PRONOUNS = new Set(
  "je tu il elle on nous vous ils elles moi toi lui eux soi celui celle ceux celles chacun chacune quelqu'un personne qui lequel laquelle".split(
    ' ',
  ),
);
// Lower-case words that belong inside a name.
const PARTICLES = new Set("de d' du des la le von van der y e di da del della".split(' '));

/**
 * Whether a mention is a proper name, for sources that label every mention of a person
 * (`la femme`, `son oncle`) without saying which ones are names: after leading determiners and
 * titles, every word is capitalised or a name particle.
 *
 * @example
 * isNamedMention('M. de Kerlon'); // true
 * isNamedMention('la vieille dame'); // false
 * isNamedMention('Madame'); // false
 * isNamedMention('Elle'); // false (a pronoun at the start of a sentence)
 */
export function isNamedMention(mention: string): boolean {
  const words = mention
    .trim()
    .split(/\s+/)
    .flatMap((w) => {
      const m = /^([ldLD]['’])(.+)$/u.exec(w);
      return m ? [m[1]!.toLowerCase().replace('’', "'"), m[2]!] : [w];
    });
  let i = 0;
  while (i < words.length && LEADING.has(words[i]!.toLowerCase())) i++;
  const rest = words.slice(i);
  if (rest.length === 0 || !/^\p{Lu}/u.test(rest[0]!)) return false;
  const first = rest[0]!.toLowerCase().replace('’', "'");
  if (PRONOUNS.has(first) || PRONOUNS.has(first.split('-')[0]!)) return false;
  return rest.every((w) => /^\p{Lu}/u.test(w) || PARTICLES.has(w.toLowerCase()));
}

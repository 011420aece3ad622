import type { DetectedSpan, Detector } from '../types';
import {
  AMBIGUOUS_KEYS,
  FIRST_NAME_KEYS,
  GREETING_KEYS,
  nameKey,
  ORGANISATION_KEYS,
  PARTICLE_KEYS,
  PLACE_KEYS,
  PLACE_PREFIX_KEYS,
  STOP_KEYS,
  SURNAME_KEYS,
  TITLE_KEYS,
} from './person-names/lexicon';

export interface PersonDetectorOptions {
  /**
   * Names the app already knows (the signed-in user, the contacts of a CRM record). They are
   * found whatever their case, and their parts count as given and family names.
   */
  knownNames?: readonly string[];
}

// Words, with inner apostrophes and hyphens (`O'Brien`, `Jean-Pierre`); bounded parts so the
// scan is linear.
// Alphabetic scripts only, so a name glued to Chinese or Japanese (`担当はOscar Lindqvistさん`)
// is its own word.
const WORD =
  /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}]{1,40}(?:['’-][\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}]{1,40}){0,4}/gu;
const UPPER_START = /^\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;
const CAP_PART =
  /^(?:\p{Lu}[\p{Ll}\p{M}]{1,39}|(?:Mc|Mac|Di|De|Da|Le|La|Van|Von|Fitz)\p{Lu}[\p{Ll}\p{M}]{1,30}|\p{Lu})$/u;
const LOWER_PART = /^[\p{Ll}\p{M}]{1,40}$/u;
// French and Italian elision before a name: `d'Alice`, `l'Anna`, `qu'Hélène`.
const ELISION = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|dell|nell|sull)['’](?=\p{Lu})/u;
const POSSESSIVE = /['’]s$/u;
const SENTENCE_END = /[.!?\n\r:;]/;
const BLANK_GAP = /^[ \u00a0]$/;
const INITIAL_GAP = /^\. ?$/;

// Context before a name, read on at most 48 characters that end right before it.
const STRONG_INTRO =
  /(?:my name is|my name's|call me|i am|i'm|this is|je m'appelle|je m’appelle|je me nomme|mon nom est|moi c'est|moi c’est|ich bin|ich heiße|ich heisse|mein name ist|me llamo|mi nombre es|soy|mi chiamo|il mio nome è|sono)[ \t]{1,3}$/i;
const LABEL_BEFORE =
  /(?:^|[\s{,"'])(?:name|full ?name|first ?name|last ?name|given ?name|family ?name|surname|display ?name|customer(?: ?name)?|client(?:e)?(?: ?name)?|contact(?: ?name)?|author|owner|assignee|assigned to|user(?: ?name)?|nom(?: complet)?|pr[ée]nom|patient|employee|employ[ée]e?|salari[ée]e?|recipient|destinataire|sender|exp[ée]diteur|manager|driver|passenger|guest|signatory|holder|card ?holder|titulaire|b[ée]n[ée]ficiaire|beneficiary|person|member|agent|doctor|m[ée]decin|tenant|locataire|buyer|seller|kunde|ansprechpartner|nombre|nome|cognome|apellidos?|from|to|de|à|a|cc|attn|signed|sign[ée] par|par)["']?[ \t]{0,2}[:=][ \t]{0,3}["']?$/i;
const JSON_KEY_BEFORE =
  /["'](?:name|full_?name|first_?name|last_?name|given_?name|family_?name|display_?name|customer(?:_?name)?|client(?:_?name)?|contact(?:_?name)?|author|owner|assignee|user_?name|nom|pr[ée]nom|patient|employee|recipient|sender|manager|driver|passenger|guest|signatory|holder|card_?holder|titulaire|beneficiary|person|member|agent|doctor|tenant|buyer|seller)["'][ \t]{0,2}:[ \t]{0,3}["']$/i;
const SIGN_OFF =
  /(?:regards|best|cheers|thanks|thank you|sincerely|yours|cordialement|bien à vous|bien a vous|amicalement|bises|à bientôt|a bientot|merci|salutations|bien cordialement|grüße|grüßen|gruß|grüsse|saludos|un saludo|atentamente|saluti|cordiali saluti|distinti saluti|un abbraccio|--|—)[ \t]{0,2}[,.!]?[ \t]{0,3}\r?\n[ \t]{0,3}$/i;
const WEAK_INTRO =
  /(?:\b(?:from|by|with|and|et|avec|par|de la part de|pour|con|mit|und|y|e|cc|attn|contact|contacter|contactez|call|ask|tell|meet|met|appelle|appelez|rappeler|demande à|demandez à|chez|to|à|signed|signé))[ \t]{1,3}$/i;
// `my father, Thaddeus Whitmore`, `ma collègue Inès Boumediene`: a relative or colleague named.
const RELATION_BEFORE =
  /(?:\b(?:my|our|his|her|their|mon|ma|notre|son|sa|leur|mein|meine|mi|mio|mia)\s{1,2}(?:father|mother|dad|mum|mom|wife|husband|son|daughter|brother|sister|colleague|manager|boss|friend|partner|neighbour|neighbor|lawyer|doctor|p[èe]re|m[èe]re|femme|mari|fils|fille|fr[èe]re|s[œo]e?ur|coll[èe]gue|ami|amie|voisin|voisine|avocat|avocate|m[ée]decin|conseill[eè]re?|chef|vater|mutter|frau|mann|bruder|schwester|kollege|kollegin|padre|madre|hermano|hermana|amigo|amiga|fratello|sorella|amico))[ \t]{0,2},?[ \t]{1,2}$/i;
const SAINT_PREFIX = /^(?:saint|sainte|st|ste|san|santa|sankt|sao)-/;
const EMAIL_LOCAL_CHAR = /[\p{L}\p{N}._-]/u;
const EMAIL_PART_SPLIT = /[._-]/;
const EMAIL_SEPARATORS = /[._-]/g;
const NAME_PART_SPLIT = /['’-]/;
const NON_BLANK = /\S/;
const BLANKS = /\s+/;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const PERSON_PATTERNS: readonly RegExp[] = [
  WORD,
  UPPER_START,
  HAS_LOWER,
  CAP_PART,
  LOWER_PART,
  ELISION,
  POSSESSIVE,
  SENTENCE_END,
  BLANK_GAP,
  INITIAL_GAP,
  STRONG_INTRO,
  LABEL_BEFORE,
  JSON_KEY_BEFORE,
  SIGN_OFF,
  WEAK_INTRO,
  RELATION_BEFORE,
  SAINT_PREFIX,
  EMAIL_LOCAL_CHAR,
  EMAIL_PART_SPLIT,
  EMAIL_SEPARATORS,
  NAME_PART_SPLIT,
  NON_BLANK,
];

type Shape = 'cap' | 'upper' | 'initial' | 'lower' | 'other';

interface Token {
  start: number;
  end: number;
  text: string;
  shape: Shape;
  key: string;
}

function shapeOf(word: string): Shape {
  if (!UPPER_START.test(word)) return 'lower';
  if (word.length === 1) return 'initial';
  if (!HAS_LOWER.test(word)) return word.length >= 2 ? 'upper' : 'other';
  const parts = word.split(NAME_PART_SPLIT);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    // `Saint-Jean-de-Luz`, `Jean-Pierre`, `O'Brien`, `McDonald`.
    if (!CAP_PART.test(part) && !(i > 0 && LOWER_PART.test(part) && PARTICLE_KEYS.has(part))) {
      return 'other';
    }
  }
  return 'cap';
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    let start = m.index;
    let word = m[0];
    const elision = ELISION.exec(word);
    if (elision) {
      start += elision[0].length;
      word = word.slice(elision[0].length);
    }
    if (POSSESSIVE.test(word)) word = word.slice(0, -2);
    if (word.length === 0) continue;
    tokens.push({
      start,
      end: start + word.length,
      text: word,
      shape: shapeOf(word),
      key: nameKey(word),
    });
  }
  return tokens;
}

/** Parts of e-mail local parts in the text (`jean.dupont@` gives `jean`, `dupont`, `jeandupont`). */
function emailParts(text: string): Set<string> {
  const parts = new Set<string>();
  let at = text.indexOf('@');
  while (at !== -1) {
    let start = at;
    while (start > 0 && at - start < 64 && EMAIL_LOCAL_CHAR.test(text[start - 1]!)) start--;
    const local = nameKey(text.slice(start, at));
    if (local.length >= 3) {
      parts.add(local.replace(EMAIL_SEPARATORS, ''));
      for (const part of local.split(EMAIL_PART_SPLIT)) if (part.length >= 3) parts.add(part);
    }
    at = text.indexOf('@', at + 1);
  }
  return parts;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Finds people's names in English and French (and common German, Spanish, Italian and
 * Arabic-origin names) by combining signals: a curated list of given names and family names,
 * capitalisation, titles (stripped from the span), greetings, sign-offs, `Name:` labels, JSON
 * values under keys such as `name` or `customer`, e-mail local parts (`jean.dupont@…` supports
 * `Jean Dupont`) and names the app already knows. Weekdays, months, cities, companies and
 * capitalised sentence starts are not persons. Scores run from 0.7 (a lone given name) to
 * 0.95 (after a title) and 1 (a known name).
 *
 * @example
 * personDetector().detect('Bonjour Mme Nathalie Lefèvre, voici le devis.');
 * // [{ start: 12, end: 28, label: 'PERSON', value: 'Nathalie Lefèvre', score: 0.95 }]
 * personDetector({ knownNames: ['Ottoline Brandt'] }).detect('ottoline brandt a appelé');
 */
export function personDetector(options: PersonDetectorOptions = {}): Detector {
  const knownFirst = new Set<string>();
  const knownLast = new Set<string>();
  const known = (options.knownNames ?? []).map((n) => n.trim()).filter((n) => n.length > 0);
  for (const name of known) {
    const parts = name.split(BLANKS).map(nameKey);
    if (parts[0]) knownFirst.add(parts[0]);
    for (const part of parts.slice(1)) knownLast.add(part);
  }
  const knownRe = known.length
    ? new RegExp(
        `(?<![\\p{L}\\p{N}])(?:${[...known]
          .sort((a, b) => b.length - a.length)
          .map((n) => n.split(BLANKS).map(escapeRegExp).join('[\\s\\u00a0]{1,3}'))
          .join('|')})(?![\\p{L}\\p{N}])`,
        'giu',
      )
    : undefined;

  const isFirst = (key: string) =>
    FIRST_NAME_KEYS.has(key) ||
    AMBIGUOUS_KEYS.has(key) ||
    knownFirst.has(key) ||
    (key.includes('-') && key.split('-').every((p) => FIRST_NAME_KEYS.has(p)));
  const isSurname = (key: string) => SURNAME_KEYS.has(key) || knownLast.has(key);

  return {
    name: 'person',
    labels: ['PERSON'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      if (knownRe) {
        knownRe.lastIndex = 0;
        for (let m = knownRe.exec(text); m; m = knownRe.exec(text)) {
          spans.push({ start: m.index, end: m.index + m[0].length, label: 'PERSON', score: 1 });
        }
      }
      const tokens = tokenize(text);
      const emails = text.includes('@') ? emailParts(text) : new Set<string>();
      const gapBefore = (i: number) =>
        i === 0
          ? text.slice(0, tokens[0]!.start)
          : text.slice(tokens[i - 1]!.end, tokens[i]!.start);
      const sentenceStart = (i: number) => {
        const gap = gapBefore(i);
        return i === 0 ? !NON_BLANK.test(gap) || SENTENCE_END.test(gap) : SENTENCE_END.test(gap);
      };
      const isTitleAt = (i: number) => {
        const t = tokens[i];
        if (!t || !TITLE_KEYS.has(t.key)) return false;
        const gap = i + 1 < tokens.length ? gapBefore(i + 1) : '';
        if (t.key === 'm' || t.key === 'mm')
          return t.text[0] === 'M' && (gap === '. ' || gap === '.');
        if (t.shape === 'lower' && t.key.length < 5) return false;
        return gap === ' ' || gap === '. ' || gap === '.' || gap === '\u00a0';
      };
      // A word that may continue a name: capitalised, not a stop word unless a family name.
      const canContinue = (t: Token) =>
        (t.shape === 'cap' || t.shape === 'upper') &&
        !TITLE_KEYS.has(t.key) &&
        !GREETING_KEYS.has(t.key) &&
        !SAINT_PREFIX.test(t.key) &&
        (!STOP_KEYS.has(t.key) || isSurname(t.key));

      let i = 0;
      while (i < tokens.length) {
        const first = tokens[i]!;
        if (
          (first.shape !== 'cap' && first.shape !== 'upper' && first.shape !== 'initial') ||
          isTitleAt(i) ||
          GREETING_KEYS.has(first.key)
        ) {
          i++;
          continue;
        }
        // Build the longest name-shaped run: capitalised words joined by single spaces, with
        // particles (`de`, `van`) and initials (`John F. Kennedy`) inside.
        const parts = [i];
        let j = i;
        while (parts.length < 5 && j + 1 < tokens.length) {
          const gap = gapBefore(j + 1);
          const current = tokens[j]!;
          const next = tokens[j + 1]!;
          const joined =
            BLANK_GAP.test(gap) || (current.shape === 'initial' && INITIAL_GAP.test(gap));
          if (!joined) break;
          if (
            (next.shape === 'lower' || next.shape === 'cap') &&
            PARTICLE_KEYS.has(next.key) &&
            j + 2 < tokens.length &&
            BLANK_GAP.test(gapBefore(j + 2)) &&
            tokens[j + 2]!.shape === 'cap' &&
            !STOP_KEYS.has(tokens[j + 2]!.key)
          ) {
            parts.push(j + 1, j + 2);
            j += 2;
            continue;
          }
          if (
            next.shape === 'initial' &&
            j + 2 < tokens.length &&
            INITIAL_GAP.test(gapBefore(j + 2))
          ) {
            parts.push(j + 1);
            j += 1;
            continue;
          }
          if (!canContinue(next)) break;
          parts.push(j + 1);
          j += 1;
        }
        // An initial cannot end a name.
        while (parts.length > 1 && tokens[parts[parts.length - 1]!]!.shape === 'initial')
          parts.pop();
        const decision = decide(parts);
        if (decision === 'skip') {
          i = parts[parts.length - 1]! + 1;
        } else if (decision) {
          const a = tokens[parts[0]!]!;
          const b = tokens[parts[parts.length - 1]!]!;
          spans.push({ start: a.start, end: b.end, label: 'PERSON', score: decision });
          i = parts[parts.length - 1]! + 1;
        } else {
          i++;
        }
      }
      return spans;

      function decide(parts: readonly number[]): number | 'skip' | undefined {
        const words = parts
          .map((p) => tokens[p]!)
          .filter((t) => !PARTICLE_KEYS.has(t.key) || t.shape !== 'lower');
        const head = words[0]!;
        const startIndex = parts[0]!;
        const start = head.start;
        const last = words[words.length - 1]!;
        const after = tokens[parts[parts.length - 1]! + 1];
        const before = tokens[startIndex - 1];
        const gap = gapBefore(startIndex);
        const context = text.slice(Math.max(0, start - 48), start);

        // `rue Victor Hugo`, `Saint Louis`, `Marie Curie University` are places and institutions.
        if (
          before &&
          PLACE_PREFIX_KEYS.has(before.key) &&
          (BLANK_GAP.test(gap) || gap === '-' || gap === '. ')
        ) {
          return 'skip';
        }
        if (
          after &&
          BLANK_GAP.test(text.slice(last.end, after.start)) &&
          ORGANISATION_KEYS.has(after.key) &&
          after.shape === 'cap'
        ) {
          return 'skip';
        }
        if (head.shape === 'initial' && words.length < 2) return undefined;
        // All-caps words count only next to a name-like word (`DUPONT Jean`, `Jean DUPONT`).
        const hasCap = words.some((w) => w.shape === 'cap');
        const anyFirst = words.some((w) => isFirst(w.key) && !STOP_KEYS.has(w.key));
        if (!hasCap && !(words.length >= 2 && anyFirst)) {
          if (!(before && isTitleAt(startIndex - 1) && words.length >= 1)) return undefined;
        }
        if (words.every((w) => STOP_KEYS.has(w.key) && !isSurname(w.key) && !isFirst(w.key)))
          return undefined;
        if (STOP_KEYS.has(head.key) && !isFirst(head.key) && !isSurname(head.key)) return undefined;

        // Signals, strongest first.
        if (before && isTitleAt(startIndex - 1)) return 0.95;
        const greeted =
          before &&
          (gap === ' ' || gap === ', ' || gap === ',' || gap === '\u00a0') &&
          (GREETING_KEYS.has(before.key) ||
            (before.key === 'you' && tokens[startIndex - 2]?.key === 'thank') ||
            (before.key === 'dia' && tokens[startIndex - 2]?.key === 'buon'));
        if (greeted) return STOP_KEYS.has(head.key) && !isFirst(head.key) ? undefined : 0.9;
        if (
          STRONG_INTRO.test(context) ||
          LABEL_BEFORE.test(context) ||
          JSON_KEY_BEFORE.test(context)
        )
          return 0.9;
        if (SIGN_OFF.test(context)) return 0.9;
        // `Contactez Oyelaran Quispe`: an unknown capitalised word opening a sentence is the
        // sentence's first word, not a name; the name may start at the next word.
        if (
          words.length >= 2 &&
          sentenceStart(startIndex) &&
          !isFirst(head.key) &&
          !isSurname(head.key) &&
          !emails.has(head.key) &&
          head.shape === 'cap'
        ) {
          return undefined;
        }
        if (emails.size > 0 && words.some((w) => w.key.length >= 3 && emails.has(w.key)))
          return 0.9;
        if (emails.size > 0 && words.length >= 2 && emails.has(nameKey(head.text[0]!) + last.key))
          return 0.9;

        const headFirst = isFirst(head.key);
        const headAmbiguous =
          AMBIGUOUS_KEYS.has(head.key) || PLACE_KEYS.has(head.key) || STOP_KEYS.has(head.key);
        if (words.length >= 2) {
          // `Can Bill approve…`: an ambiguous word opening a sentence is the sentence's verb or
          // noun; the name starts at the next word.
          if (headAmbiguous && sentenceStart(startIndex) && isFirst(words[1]!.key))
            return undefined;
          if (headFirst) return headAmbiguous ? 0.8 : 0.9;
          // `DUPONT Jean`, `Dupont Jean-Pierre`: family name first.
          const second = words[1]!;
          if (
            (head.shape === 'upper' || isSurname(head.key)) &&
            isFirst(second.key) &&
            !AMBIGUOUS_KEYS.has(second.key)
          )
            return 0.85;
          // `Empfänger Jürgen Weber`: the name starts at the given name, not at the noun before.
          if (words.slice(1).some((w) => isFirst(w.key) && !AMBIGUOUS_KEYS.has(w.key)))
            return undefined;
          if (!sentenceStart(startIndex) && isSurname(last.key) && !STOP_KEYS.has(head.key))
            return 0.75;
          const plain = words.every((w) => w.shape === 'cap' && !STOP_KEYS.has(w.key));
          if (plain && (WEAK_INTRO.test(context) || RELATION_BEFORE.test(context))) return 0.75;
          return undefined;
        }
        if (headFirst && !headAmbiguous && head.shape === 'cap') return 0.7;
        return undefined;
      }
    },
  };
}

/**
 * Builds `test/fixtures/detection/addresses.jsonl`, the labelled evaluation set of `ADDRESS`:
 * sentences of `templates.ts` in EN, FR, DE, ES and IT around addresses composed from the pools
 * of `values.ts` (FR, BE, CH, DE, ES, IT, GB, US, NL: each country's street words, number
 * order, flats and floors, postcodes), on one line or several (signatures), under keys and
 * labels, post-office boxes, postcodes with their cities alone, some typed in lower case or with
 * no-break spaces as people do, and the hard negatives of `negatives.ts`. Written by us, for
 * this project: see BENCHMARKS.md. Deterministic (seeded PRNG):
 * `npx tsx scripts/address-set/generate.ts` rewrites the same file.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Random, seeded } from '../shared/seeded-random';
import { HELD_OUT } from './held-out';
import { NEGATIVES } from './negatives';
import {
  BOX_SENTENCES,
  FIELDS,
  INLINE,
  type Lang,
  NAMES,
  PLACE_SENTENCES,
  SIGNATURES,
} from './templates';
import {
  BOXES,
  COUNTRIES_OF,
  type Country,
  FLATS_BEFORE,
  NUMBERS,
  PLACES,
  STREETS,
  UNITS,
} from './values';

export interface AddressSpan {
  start: number;
  end: number;
  label: string;
  value: string;
}

export interface AddressItem {
  id: string;
  lang: string;
  kind: string;
  text: string;
  spans: AddressSpan[];
}

const LANGS: readonly Lang[] = ['en', 'fr', 'de', 'es', 'it'];

/** An address composed for the set, with its parts for the templates that take them apart. */
interface Composed {
  /** On one line (`, ` between its parts) or on several (`\n`). */
  text: string;
  street: string;
  city: string;
}

function composer(random: Random) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  return {
    pick,
    chance,
    /** A street line of `country`, maybe with a flat or floor. */
    street(country: Country): string {
      let street = pick(STREETS[country]).replace('{N}', pick(NUMBERS[country]));
      if (country === 'ES' && street.includes('s/n') && !street.startsWith('Calle')) {
        street = street.replace('s/n', '5');
      }
      if (chance(0.25)) {
        const unit = pick(UNITS[country]);
        street = FLATS_BEFORE.has(country) ? `${unit}, ${street}` : `${street}, ${unit}`;
      }
      // French typography: a no-break space after the number.
      if (country === 'FR' && chance(0.1)) street = street.replace(/^(\d+) /, '$1\u00a0');
      return street;
    },
    /** A whole address of `country`: the street line, then (mostly) its postcode and city. */
    address(country: Country, lines: boolean): Composed {
      const street = this.street(country);
      const place = pick(PLACES[country]);
      const city = place
        .replace(/^[A-Z]{1,2}-/, '')
        .replace(/^[0-9]{4,5}(?: ?[A-Z]{2})? /, '')
        .replace(/,.*$/, '');
      if (!lines && chance(0.15)) return { text: street, street, city };
      return { text: `${street}${lines ? '\n' : ', '}${place}`, street, city };
    },
  };
}

/** `template` with its slots filled; the slots named in `spans` are spans of that label. */
function fill(
  template: string,
  slots: Record<string, string>,
  spans: Record<string, string>,
): { text: string; spans: AddressSpan[] } {
  let text = '';
  const out: AddressSpan[] = [];
  for (const part of template.split(/(\{[A-Z]+\})/)) {
    const slot = /^\{([A-Z]+)\}$/.exec(part)?.[1];
    if (!slot || slots[slot] === undefined) {
      text += part;
      continue;
    }
    const value = slots[slot]!;
    const label = spans[slot];
    if (label) out.push({ start: text.length, end: text.length + value.length, label, value });
    text += value;
  }
  return { text, spans: out };
}

/** Typed in lower case in a chat (`12 rue des lilas, 69003 lyon`). */
const lowerCased = (s: string) => s.toLowerCase();

/** The whole set, in a fixed order. */
export function buildAddressSet(): AddressItem[] {
  const random = seeded(20250117 + 17);
  const c = composer(random);
  const items: AddressItem[] = [];
  const push = (lang: Lang, kind: string, filled: { text: string; spans: AddressSpan[] }) =>
    items.push({ id: `${lang}-${kind}-${items.length}`, lang, kind, ...filled });
  const CC: Record<Country, string> = {
    FR: 'FR',
    BE: 'BE',
    CH: 'CH',
    DE: 'DE',
    ES: 'ES',
    IT: 'IT',
    GB: 'GB',
    US: 'US',
    NL: 'NL',
  };

  for (const lang of LANGS) {
    // On one line, in a sentence: every template four times, each with another country's
    // address of this language's countries.
    for (const template of INLINE[lang]) {
      for (let k = 0; k < 4; k++) {
        const country = c.pick(COUNTRIES_OF[lang]);
        let addr = c.address(country, false).text;
        if (lang !== 'en' && c.chance(0.08)) addr = lowerCased(addr);
        push(lang, 'address', fill(template, { ADDR: addr }, { ADDR: 'ADDRESS' }));
      }
    }
    // Signatures: the address on two lines under a name.
    for (const template of SIGNATURES[lang]) {
      for (let k = 0; k < 2; k++) {
        const country = c.pick(COUNTRIES_OF[lang]);
        const lines = c.address(country, true).text;
        push(
          lang,
          'address-signature',
          fill(
            template,
            { NAME: c.pick(NAMES[lang]), LINES: lines },
            { NAME: 'PERSON', LINES: 'ADDRESS' },
          ),
        );
      }
    }
    // Fields: JSON keys and form labels.
    for (const template of FIELDS[lang]) {
      for (let k = 0; k < 2; k++) {
        const country = c.pick(COUNTRIES_OF[lang]);
        const a = c.address(country, false);
        push(
          lang,
          'address-field',
          fill(
            template,
            // A label's whole value is the address, with the country written after it.
            {
              ADDR: a.text,
              ADDRCOUNTRY: `${a.text}, France`,
              STREET: a.street,
              CITY: a.city,
              CC: CC[country],
            },
            { ADDR: 'ADDRESS', ADDRCOUNTRY: 'ADDRESS', STREET: 'ADDRESS' },
          ),
        );
      }
    }
    // Post-office boxes.
    for (const template of BOX_SENTENCES[lang]) {
      for (let k = 0; k < 2; k++) {
        push(lang, 'address-box', fill(template, { BOX: c.pick(BOXES[lang]) }, { BOX: 'ADDRESS' }));
      }
    }
    // A postcode and city alone, in a field or after a preposition.
    for (const template of PLACE_SENTENCES[lang]) {
      for (let k = 0; k < 2; k++) {
        const place = c.pick(PLACES[c.pick(COUNTRIES_OF[lang])]);
        push(lang, 'address-place', fill(template, { PLACE: place }, { PLACE: 'ADDRESS' }));
      }
    }
  }
  for (const lang of LANGS) {
    for (const text of NEGATIVES[lang]) push(lang, 'negative-address', { text, spans: [] });
  }
  // Written before the detector ever read them: `[[…]]` marks the address (one at most).
  for (const { lang, text } of HELD_OUT) {
    const [before, value, after] = text.split(/\[\[|\]\]/);
    if (value === undefined) {
      push(lang, 'negative-address-held-out', { text, spans: [] });
      continue;
    }
    push(
      lang,
      'address-held-out',
      fill(`${before}{HELD}${after}`, { HELD: value }, { HELD: 'ADDRESS' }),
    );
  }
  return items;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const items = buildAddressSet();
  const file = join(
    dirname(fileURLToPath(import.meta.url)),
    '../../test/fixtures/detection/addresses.jsonl',
  );
  writeFileSync(file, `${items.map((item) => JSON.stringify(item)).join('\n')}\n`);
  console.log(`wrote ${items.length} items to ${file}`);
}

/**
 * `ADDRESS` on text this project did not write, in three parts:
 *
 * 1. Presidio's synthetic PII sentences (`microsoft/presidio-research`, `data/synth_dataset_v2.json`
 *    at the commit pinned in `scripts/eval-data/sources.ts`; MIT; sentences from templates filled
 *    by Faker, labelled by the Presidio team), their `STREET_ADDRESS` spans as `ADDRESS`, split
 *    dev/test by template as the external evaluation splits them.
 * 2. The same repository's generator templates that hold a whole address (`{{address}}` in
 *    `presidio_evaluator/data_generator/raw_data/templates.txt`), each filled with addresses that
 *    Faker (`@faker-js/faker`, MIT; its locale data written by its contributors) makes for nine
 *    countries (street, flat, postcode and city in Faker's own formats), joined as each country
 *    writes a postal address (FR, DE, ES, IT, BE, CH, NL: `street, postcode city`; GB: `street,
 *    city postcode`; US: `street, city, ST zip`).
 * 3. The addresses of libpostal's parser tests (`openvenues/libpostal`, `test/test_parser.c` at
 *    the commit in `external/libpostal-tests.ts`; MIT; written by libpostal's authors, many from
 *    user reports), by the country of their test function, scored on their identifying parts
 *    (`external/libpostal-part.ts`), its own table; its first run was blind (BENCHMARKS.md).
 *
 * Figures: precision and recall by the external evaluation's match rule (same label, overlap ≥
 * 50 % of each span, one to one); and what a model would read: of the gold addresses, the share
 * fully masked (every letter and digit inside a span of any label), partly, or fully in clear.
 * Nothing read here feeds the detector's tables; `--errors dev` lists the dev split's misses
 * (Presidio: templates hashed to dev; Faker: the seed-17 filling); `--errors libpostal` lists
 * part 3's misses in our nine countries, for reading, not for tuning.
 *
 *   npx tsx bench/address-external.ts --mirror /work/.mirror   # or a clone cache in .data/cache
 *   npx tsx bench/address-external.ts --mirror /work/.mirror --errors dev
 *   npx tsx bench/address-external.ts --mirror /work/.mirror --errors libpostal
 */
import {
  type Faker,
  fakerDE,
  fakerDE_CH,
  fakerEN,
  fakerEN_GB,
  fakerEN_US,
  fakerES,
  fakerFR,
  fakerFR_BE,
  fakerIT,
  fakerNL,
} from '@faker-js/faker';
import { openPinned } from '../scripts/eval-data/git-source';
import { SOURCES } from '../scripts/eval-data/sources';
import { hashSplit } from '../scripts/eval-data/split-sample';
import { defaultDetectors } from '../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../src/core/detect/detect-spans';
import { exposure } from './external/address-parts';
import { libpostalTable } from './external/libpostal-part';
import { LIBPOSTAL_TESTS, readLibpostalTests } from './external/libpostal-tests';
import { matchSpans, type ScoredSpan } from './external/match-spans';

interface Unit {
  id: string;
  split: 'dev' | 'test';
  group: string;
  text: string;
  gold: ScoredSpan[];
}

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const mirror = flag('--mirror');
const errorsOf = flag('--errors');
if (errorsOf === 'test') throw new Error('--errors lists dev errors only: never tune on test');

const source = SOURCES.find((s) => s.id === 'presidio-synth')!;
const repo = openPinned(source.repo, source.commit, { mirror, cache: '.data/cache' });

/** Part 1: Presidio's own labelled sentences. */
function presidioUnits(): Unit[] {
  const samples = JSON.parse(repo.read('data/synth_dataset_v2.json')) as {
    full_text: string;
    template_id?: number;
    spans: { entity_type: string; start_position: number; end_position: number }[];
  }[];
  return samples.map((s, i) => {
    const group = `presidio-synth:t${s.template_id ?? 'none'}`;
    return {
      id: `${group}:${i}`,
      split: hashSplit(group),
      group: 'Presidio synthetic sentences',
      text: s.full_text,
      gold: s.spans
        .filter((x) => x.entity_type === 'STREET_ADDRESS')
        .map((x) => ({ start: x.start_position, end: x.end_position, label: 'ADDRESS' })),
    };
  });
}

/** How each country writes an address on one line, from Faker's parts. */
const COUNTRIES: { country: string; faker: Faker; join: (f: Faker, street: string) => string }[] = [
  {
    country: 'FR',
    faker: fakerFR,
    join: (f, s) => `${s}, ${f.location.zipCode()} ${f.location.city()}`,
  },
  {
    country: 'DE',
    faker: fakerDE,
    join: (f, s) => `${s}, ${f.location.zipCode()} ${f.location.city()}`,
  },
  {
    country: 'ES',
    faker: fakerES,
    join: (f, s) => `${s}, ${f.location.zipCode()} ${f.location.city()}`,
  },
  {
    country: 'IT',
    faker: fakerIT,
    join: (f, s) => `${s}, ${f.location.zipCode()} ${f.location.city()}`,
  },
  {
    country: 'BE',
    faker: fakerFR_BE,
    join: (f, s) => `${s}, ${f.location.zipCode()} ${f.location.city()}`,
  },
  {
    country: 'CH',
    faker: fakerDE_CH,
    join: (f, s) => `${s}, ${f.location.zipCode()} ${f.location.city()}`,
  },
  {
    country: 'NL',
    faker: fakerNL,
    join: (f, s) => `${s}, ${f.location.zipCode()} ${f.location.city()}`,
  },
  {
    country: 'GB',
    faker: fakerEN_GB,
    join: (f, s) => `${s}, ${f.location.city()} ${f.location.zipCode()}`,
  },
  {
    country: 'US',
    faker: fakerEN_US,
    join: (f, s) =>
      `${s}, ${f.location.city()}, ${f.location.state({ abbreviated: true })} ${f.location.zipCode()}`,
  },
];

/** Other slots of the templates, filled with English values (not scored). */
function otherSlot(name: string): string {
  const f = fakerEN;
  switch (name) {
    case 'person':
    case 'name':
      return f.person.fullName();
    case 'first_name':
    case 'first_name_male':
      return f.person.firstName();
    case 'city':
      return f.location.city();
    case 'credit_card_number':
      return f.finance.creditCardNumber();
    case 'organization':
      return f.company.name();
    case 'nationality':
      return 'Italian';
    case 'phone_number':
      return f.phone.number();
    case 'job':
      return f.person.jobTitle();
    default:
      return f.lorem.word();
  }
}

/** Part 2: Presidio's templates that hold a whole address, filled with Faker's addresses. */
function fakerUnits(): Unit[] {
  const templates = repo
    .read('presidio_evaluator/data_generator/raw_data/templates.txt')
    .split('\n')
    .map((t) => t.replace(/\\n/g, '\n').trim())
    .filter((t) => t.includes('{{address}}'));
  const units: Unit[] = [];
  // Two fillings: seed 17 (dev: its errors were read while the detector was written) and seed
  // 2026 (test: values never looked at).
  for (const [split, seed] of [
    ['dev', 17],
    ['test', 2026],
  ] as const)
    for (const { country, faker, join } of COUNTRIES) {
      faker.seed(seed);
      fakerEN.seed(seed);
      templates.forEach((template, t) => {
        for (let k = 0; k < 4; k++) {
          let text = '';
          const gold: ScoredSpan[] = [];
          for (const part of template.split(/(\{\{[a-z_]+\}\})/)) {
            const slot = /^\{\{([a-z_]+)\}\}$/.exec(part)?.[1];
            if (!slot) {
              text += part;
              continue;
            }
            const value =
              slot === 'address'
                ? join(faker, faker.location.streetAddress(k % 2 === 1))
                : otherSlot(slot);
            if (slot === 'address')
              gold.push({ start: text.length, end: text.length + value.length, label: 'ADDRESS' });
            text += value;
          }
          units.push({
            id: `faker:${split}:${country}:t${t}:${k}`,
            split,
            group: `Faker ${country}`,
            text,
            gold,
          });
        }
      });
    }
  return units;
}

interface Tally {
  gold: number;
  tp: number;
  fp: number;
  fully: number;
  partly: number;
  clear: number;
}
const empty = (): Tally => ({ gold: 0, tp: 0, fp: 0, fully: 0, partly: 0, clear: 0 });

async function main(): Promise<void> {
  const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
  const tallies = new Map<string, Tally>();
  const errors: string[] = [];
  const units = [...presidioUnits(), ...fakerUnits()];
  for (const unit of units) {
    const predicted = (await pipeline.run(unit.text)).map((s) => ({
      start: s.start,
      end: s.end,
      label: s.label,
    }));
    const addresses = predicted.filter((p) => p.label === 'ADDRESS');
    const { pairs, missed, spurious } = matchSpans(unit.gold, addresses);
    const faker = unit.group.startsWith('Faker');
    const key = faker ? `${unit.group} (${unit.split})` : `${unit.group} (${unit.split})`;
    const add = (k: string) => {
      const t = tallies.get(k) ?? empty();
      t.gold += unit.gold.length;
      t.tp += pairs.length;
      t.fp += spurious.length;
      for (const g of unit.gold) t[exposure(unit.text, [g], predicted)]++;
      tallies.set(k, t);
    };
    add(key);
    if (faker) add(`Faker, all nine countries (${unit.split})`);
    if (
      (errorsOf === 'dev' && unit.split === 'dev') ||
      (errorsOf === 'fr' && unit.id.includes(':FR:'))
    ) {
      for (const g of missed)
        errors.push(`FN ${unit.id} ${JSON.stringify(unit.text.slice(g.start, g.end))}`);
      for (const p of spurious)
        errors.push(`FP ${unit.id} ${JSON.stringify(unit.text.slice(p.start, p.end))}`);
    }
  }
  const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);
  const ratio = (a: number, b: number) => (b === 0 ? '—' : (a / b).toFixed(3));
  console.log('| text | gold addresses | precision | recall | fully masked | partly | in clear |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [k, t] of [...tallies].sort()) {
    console.log(
      `| ${k} | ${t.gold} | ${ratio(t.tp, t.tp + t.fp)} | ${ratio(t.tp, t.gold)} | ${pct(t.fully, t.gold)} | ${pct(t.partly, t.gold)} | ${pct(t.clear, t.gold)} |`,
    );
  }
  if (errors.length) console.log(`\n${errors.join('\n')}`);
  const libpostal = openPinned(LIBPOSTAL_TESTS.repo, LIBPOSTAL_TESTS.commit, {
    mirror,
    cache: '.data/cache',
  });
  const addresses = readLibpostalTests(libpostal.read(LIBPOSTAL_TESTS.path));
  const lines = await libpostalTable(addresses, (t) => pipeline.run(t), errorsOf === 'libpostal');
  console.log(`\n${lines.join('\n')}`);
}

await main();

import { describe, expect, it } from 'vitest';
import { personDetector } from '../../../../src/core/detect/detectors/person';
import { found } from './helpers';

const person = personDetector();

function expectNames(cases: readonly (readonly [string, readonly string[]])[]): void {
  for (const [text, names] of cases) expect(found(person, text), text).toEqual(names);
}

describe('names written with initials', () => {
  it('EN: an initial before a family name of the lists, or before any name after a cue', () => {
    expectNames([
      ['F. Rossi wrote the report.', ['F. Rossi']],
      ['Signed: F. Whitfield', ['F. Whitfield']],
      ['cc F. Whitfield', ['F. Whitfield']],
      ['The report by J. R. Castellanos is due.', ['J. R. Castellanos']],
      ['Mail F. Whitfield at fwhitfield@example.com', ['F. Whitfield']],
    ]);
  });

  it('FR: hyphenated initials (`J.-P.`), and an initial after `M.` or `Mme`', () => {
    expectNames([
      ['J.-P. Martin sera présent.', ['J.-P. Martin']],
      ['Réunion avec J.-P. Quesnel', ['J.-P. Quesnel']],
      ['M. A. Rossi a appelé.', ['A. Rossi']],
      ['Mme M. Lefèvre', ['M. Lefèvre']],
    ]);
  });

  it('DE: `H.-J.` after a title, an initial in a signature', () => {
    expectNames([
      ['Dr. H.-J. Weber', ['H.-J. Weber']],
      ['Mit freundlichen Grüßen\nK. Brandstätter', ['K. Brandstätter']],
    ]);
  });

  it('ES: two initials, and an initial after a sign-off', () => {
    expectNames([
      ['Atentamente,\nJ. A. Castellanos', ['J. A. Castellanos']],
      ['Lo revisó J. García ayer.', ['J. García']],
      ['Por favor, reenvíelo a V. Anguiano.', ['V. Anguiano']],
    ]);
  });

  it('IT: an initial after a title and after `con`', () => {
    expectNames([
      ['la dott.ssa M. Bianchi', ['M. Bianchi']],
      ['Ne parlo con G. Quaglierini domani.', ['G. Quaglierini']],
      ['La relazione è stata firmata da G. Iacovino.', ['G. Iacovino']],
    ]);
  });

  it('takes no outline letter, acronym or letter of a sentence for a name', () => {
    expectNames([
      ['A. Introduction\nB. Methods\nC. Results', []],
      ['See Section B. Results for details.', []],
      ['Take vitamin C. Then rest.', []],
      ['The U.S. Army and the U.K. Parliament', []],
      ['I. Overview', []],
      ['go to B. Then we', []],
      // The name starts at its given name; initials glued to a word are an abbreviation.
      ['I. Handelsagent Anton Albrecht', ['Anton Albrecht']],
      ['und N.Oe. Landmarschall', []],
    ]);
  });
});

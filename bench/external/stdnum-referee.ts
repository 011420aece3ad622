/**
 * python-stdnum as referee: where the sources' verdicts on a number differ (a test file of one
 * project calls valid what another rejects), the evaluation asks python-stdnum, at its pinned
 * commit, and shows the cases where a source's verdict and the referee's part. The package is
 * copied out of the pinned repository into `.data/cache` and run by the machine's `python3`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PinnedRepo } from '../../scripts/eval-data/git-source';

/** Each label's validity in python-stdnum's terms; UK_NINO has no module there. */
const REFEREE = `
import json, sys
from stdnum.es import dni, nie, nif, cif
from stdnum.it import codicefiscale
from stdnum.de import idnr
from stdnum.nl import bsn
from stdnum.be import nn
from stdnum.ch import ssn
from stdnum.fr import nir

def personal_fiscal_code(v):
    return codicefiscale.is_valid(v) and len(codicefiscale.compact(v)) == 16

CHECKS = {
    # DNI, NIE, or a personal NIF (K, L, M) that is no company's CIF
    'ES_NIF': lambda v: dni.is_valid(v) or nie.is_valid(v) or (nif.is_valid(v) and not cif.is_valid(v)),
    'IT_FISCAL_CODE': personal_fiscal_code,
    'DE_TAX_ID': idnr.is_valid,
    'NL_BSN': bsn.is_valid,
    'BE_NATIONAL_NUMBER': nn.is_valid,
    'CH_AHV': ssn.is_valid,
    'FR_NIR': nir.is_valid,
}
out = []
for label, value in json.load(sys.stdin):
    check = CHECKS.get(label)
    out.append(None if check is None else bool(check(value)))
print(json.dumps(out))
`;

/**
 * python-stdnum's verdict on each `[label, value]`, or `undefined` where it has no module for
 * the label.
 *
 * @example
 * refereeVerdicts(stdnumRepo, '006192e…', [['NL_BSN', '1112.22.333']]); // [true]
 */
export function refereeVerdicts(
  repo: PinnedRepo,
  commit: string,
  items: readonly (readonly [label: string, value: string])[],
): (boolean | undefined)[] {
  const root = join('.data/cache', `python-stdnum-${commit}`);
  if (!existsSync(join(root, 'stdnum', '__init__.py'))) {
    for (const path of repo.list('stdnum')) {
      if (!path.endsWith('.py') && !path.endsWith('.dat')) continue;
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), repo.read(path));
    }
  }
  const answer = execFileSync('python3', ['-c', REFEREE], {
    input: JSON.stringify(items),
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: root, PYTHONDONTWRITEBYTECODE: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return (JSON.parse(answer) as (boolean | null)[]).map((v) => v ?? undefined);
}

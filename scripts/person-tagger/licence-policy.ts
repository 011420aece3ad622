// Which training sources the shipped weights may learn from: weights ship in an MIT package,
// so only attribution or public-domain licences, for the annotations and for the text. The
// licence of each source comes from the training build's manifest (`.data/train/manifest.json`).

/** Licences of the manifest that allow shipping weights with attribution only. */
export const ALLOWED_LICENCES: ReadonlySet<string> = new Set(['CC0-1.0', 'CC-BY-4.0', 'CC-BY-3.0']);

/** Sources left out whatever their manifest says, and why. */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  wikigold: 'its text is Wikipedia’s (CC BY-SA 3.0): the weights would carry ShareAlike',
  'wikiner-en': 'its text is Wikipedia’s (CC BY-SA 3.0)',
  'wikiner-fr': 'its text is Wikipedia’s (CC BY-SA 3.0)',
  'wikiner-de': 'its text is Wikipedia’s (CC BY-SA 3.0)',
  'wikiner-es': 'its text is Wikipedia’s (CC BY-SA 3.0)',
  'wikiner-it': 'its text is Wikipedia’s (CC BY-SA 3.0)',
  'uner-en-ewt': 'CC BY-SA 4.0',
};

export interface ManifestSource {
  source: string;
  licence: string;
}

/** Why a source may not train the shipped weights, or `undefined` when it may. */
export function refusal(source: ManifestSource): string | undefined {
  if (LEFT_OUT[source.source]) return LEFT_OUT[source.source];
  if (!ALLOWED_LICENCES.has(source.licence)) return `licence ${source.licence}`;
  return undefined;
}

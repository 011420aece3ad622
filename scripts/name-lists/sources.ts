/** One pinned source of a name list, and the module it becomes. */
export interface NameSource {
  id:
    | 'us-census-1990-surnames'
    | 'us-census-1990-given-names'
    | 'insee-prenoms'
    | 'berlin-vornamen'
    | 'koeln-vornamen';
  title: string;
  repo: string;
  commit: string;
  licence: string;
  /** Where the licence is stated, checked at the commit. */
  licenceWhere: string;
  /** File written under `src/core/detect/detectors/person-names/`. */
  output: string;
}

export const NAME_SOURCES: readonly NameSource[] = [
  {
    id: 'us-census-1990-surnames',
    title:
      'US Census Bureau, 1990 Census surname list (dist.all.last) as shipped by the names package',
    repo: 'treyhunner/names',
    commit: 'c485a4350e84d77836ccd36c628296beb1aec05f',
    licence: 'public domain (US Census Bureau data)',
    licenceWhere:
      'README.rst ("Data in the following files are public domain (derived from 1990 Census data)")',
    output: 'us-surnames.ts',
  },
  {
    id: 'us-census-1990-given-names',
    title: 'US Census Bureau, 1990 Census given-name lists (dist.female.first, dist.male.first)',
    repo: 'treyhunner/names',
    commit: 'c485a4350e84d77836ccd36c628296beb1aec05f',
    licence: 'public domain (US Census Bureau data)',
    licenceWhere: 'README.rst (same statement)',
    output: 'us-given-names.ts',
  },
  {
    id: 'insee-prenoms',
    title:
      "Insee, Fichier des prénoms (births 1900-2018, national file nat2018), as shipped by the R package prenomsFR (names title-cased, rows of unknown year and '_PRENOMS_RARES' left out)",
    repo: 'ghesrob/prenomsFR',
    commit: '56718e736593678b3f1e1914eae41a8ff25f2bcd',
    licence: "Licence Ouverte / Open Licence 2.0 (Etalab), Insee's data; the package itself is CC0",
    licenceWhere:
      'DESCRIPTION ("License: CC0"); R/prenoms_nat.R names the source, insee.fr/fr/statistiques/2540004',
    output: 'fr-given-names.ts',
  },
  {
    id: 'berlin-vornamen',
    title:
      'Berliner Landesamt für Bürger- und Ordnungsangelegenheiten (LABO) / BerlinOnline Stadtportal GmbH & Co. KG, Häufige Vornamen in Berlin (births 2012-2023, per district, data/cleaned), https://github.com/berlinonline/haeufige-vornamen-berlin',
    repo: 'berlinonline/haeufige-vornamen-berlin',
    commit: 'e8760a76ae719468e7a3804d3e679763085c734d',
    licence: 'CC BY 3.0 DE (data); the repository code is MIT',
    licenceWhere:
      'README.md, Lizenz/Daten ("Alle im Repository enthaltenen Datensätze sind lizenziert unter CC BY 3.0 DE"; attribution as in the title, with the repository URL)',
    output: 'de-berlin-given-names.ts',
  },
  {
    id: 'koeln-vornamen',
    title:
      'Stadt Köln, Vornamen (births 2010-2018, offenedaten-koeln.de/dataset/vornamen), as collected in DerTee/prenames-germany (raw/, file names and encodings normalised)',
    repo: 'DerTee/prenames-germany',
    commit: 'e866fa616b47e1800dfa9d3c0c87daf8934540ca',
    licence: "CC BY 3.0 DE (Stadt Köln's open data); the collection states no licence of its own",
    licenceWhere:
      'README.md ("Stadt Köln … License: Creative Commons Namensnennung 3.0 DE"), raw/README.MD (the files are the cities\' data, renamed and re-encoded)',
    output: 'de-koeln-given-names.ts',
  },
];

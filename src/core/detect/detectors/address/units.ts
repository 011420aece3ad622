// Flats, floors, suites and buildings, written after the street (`Apt 4B`, `3e étage`,
// `2. OG`, `3º B`, `scala B, int. 5`, `bus 3`) or before it (`Flat 3, 12 Baker Street`).

const words = (list: string) => list.trim().split(/\s+/);

/** Words followed by the flat's, floor's or building's number or letter (`Apt 4B`, `bât. B`). */
export const UNIT_WORDS: ReadonlySet<string> = new Set(
  words(`
    apt apartment appt app appartement appartamento apartamento flat unit suite ste room rm floor
    fl bldg building
    bat batiment bâtiment esc escalier porte etage entree lot
    wohnung whg haus stiege tur top zimmer
    piso planta puerta portal escalera bloque esc portal
    interno int scala sc piano edificio palazzina
    bus bte boite huis
  `).map((w) => w.normalize('NFD').replace(/\p{M}/gu, '')),
);

/** Words after an ordinal (`3e étage`, `2. OG`, `3rd floor`, `3 hoog`, `2e verdieping`). */
export const FLOOR_WORDS: ReadonlySet<string> = new Set(
  words(`etage étage og stock obergeschoss ug eg floor piano planta hoog verdieping`).map((w) =>
    w.normalize('NFD').replace(/\p{M}/gu, ''),
  ),
);

/** Words that name a flat alone, without a number (`Bajo`, `Ático`, `rez-de-chaussée`, `EG`). */
export const LONE_UNIT_WORDS: ReadonlySet<string> = new Set(
  words(`bajo atico entlo entresuelo rdc rez-de-chaussee eg hochparterre souterrain sotano`),
);

/** Sides after a floor (`2º izda.`, `3º dcha`, `1º centro`; Dutch `3 hoog achter`). */
export const SIDE_WORDS: ReadonlySet<string> = new Set(
  words(`izq izqda izda izquierda dcha dch dcho derecha dra drcha centro ctro int ext achter voor`),
);

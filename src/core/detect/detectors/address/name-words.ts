// Words that stand inside a street's or a city's name without being capitalised, and words
// that, capitalised, are no part of one.

const words = (list: string) => list.trim().split(/\s+/);

/**
 * Articles and prepositions inside names (`rue des Lilas`, `Via dei Mille`, `Calle de la
 * Paz`, `Straße des 17. Juni`, `Van de Veldestraat`, `Avenue of the Americas`), by language.
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set(
  words(`
    de du des la le les l d aux au a sur sous et en lès lez
    di del della dello dei degli delle dell da dal dalla dai dagli dalle e ed in nel nella
    el los las y
    der die das den dem am an auf im zum zur von vom unter bei
    van het t ter ten op aan bij
    of the and on upon
  `).map((w) => w.normalize('NFD').replace(/\p{M}/gu, '')),
);

/**
 * Words that open a city's name and need the next word (`Le Havre`, `San Sebastián`, `Saint
 * Étienne`, `Bad Homburg`, `New York`, `Den Haag`).
 */
export const CITY_OPENERS: ReadonlySet<string> = new Set(
  words(`
    le la les l a o saint sainte st ste san santa santo sant sankt bad new los las el den castel
    porto mont monte val villa villeneuve port fort north south east west upper lower great little
    old alt neu nord ost sud
  `),
);

/** Parts of a city's name after it (`Lyon Cedex 03`, `Frankfurt am Main`, `Halle an der Saale`). */
export const CITY_PARTICLES: ReadonlySet<string> = new Set(
  words(`am an der im in sur sous de del di en les lès lez la le sul sull upon on`),
);

/**
 * Capitalised words that name no street or city: months, days, units and currencies, greetings
 * and the words people start a line with after a number (`12345 Euro`, `2024 Paris`,
 * `10 Minutes Walk`, `30 Jahre`).
 */
export const NOT_A_PLACE: ReadonlySet<string> = new Set(
  words(`
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec
    janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre
    januar februar marz juni juli oktober dezember
    enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
    gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre
    monday tuesday wednesday thursday friday saturday sunday
    lundi mardi mercredi jeudi vendredi samedi dimanche
    montag dienstag mittwoch donnerstag freitag samstag sonntag
    lunes martes miercoles jueves viernes sabado domingo
    lunedi martedi mercoledi giovedi venerdi sabato domenica
    minute minutes min hour hours hr hrs day days week weeks month months year years
    minuten stunde stunden tag tage tagen woche wochen monat monate jahr jahre jahren
    heures jours semaines mois ans annees minuti ore giorni settimane mesi anni
    minutos horas dias semanas meses anos
    mile miles km kilometre kilometres kilometer meter metres meters feet ft
    euro euros eur usd dollar dollars chf gbp pound pounds franken francs yen
    percent points point pts users people persons personnes personen persone personas
    times fois mal volte veces pieces stuck stk units items
    kb mb gb tb ko mo go to mhz ghz
    thanks thank merci danke grazie gracias hello hi bonjour hallo ciao hola
    and or the et ou und oder e o y
    tel phone fax mobile email mail
  `),
);

/** Country names written after an address; they end it and stay out of its span. */
export const COUNTRY_NAMES: ReadonlySet<string> = new Set(
  words(`
    france deutschland germany allemagne alemania germania espana spain espagne spagna
    italia italy italie belgique belgie belgium belgien belgio schweiz suisse svizzera
    switzerland suiza nederland netherlands holland pays-bas niederlande paesi olanda
    uk usa us england scotland wales
  `),
);

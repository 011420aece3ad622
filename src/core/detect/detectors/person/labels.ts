// Labels of fields that hold a person's name, per language: written before `:` or `=` (`Name:`,
// `Nom :`, `customer=`, `Teilnehmer:`) and, but for the small words of e-mail headers (`De :`,
// `A:`), as JSON keys (`"fullName": "`, `"cognome": "`). A name right after one is a name (0.9),
// in capitals too (`KONTOINHABER: SELMA VAN DER HERMANN`).
import type { CueLanguage } from './titles';

export interface LabelRow {
  lang: CueLanguage;
  /**
   * The labels, lower case, one per entry. A space inside one may be written as nothing, or as
   * `_` in a JSON key (`full name`: `Full name:`, `fullname=`, `"full_name": "`, `"fullName"`).
   */
  labels: readonly string[];
  /** Also a JSON key (not the small words of e-mail headers: `de`, `a`, `to`). */
  jsonKey: boolean;
}

const words = (list: string) => list.split(/\s*,\s*/).filter(Boolean);

export const NAME_LABELS: readonly LabelRow[] = [
  {
    lang: 'en',
    labels:
      words(`name, full name, first name, last name, given name, family name, middle name, surname,
      display name, customer, customer name, client, client name, contact, contact name,
      contact person, author, owner, assignee, user name, patient, employee, recipient, sender,
      manager, driver, passenger, guest, signatory, holder, card holder, account holder,
      beneficiary, person, member, agent, doctor, tenant, buyer, seller, attendees, participants`),
    jsonKey: true,
  },
  {
    lang: 'en',
    labels: words('assigned to, user, from, to, cc, attn, signed'),
    jsonKey: false,
  },
  {
    lang: 'fr',
    labels:
      words(`nom, nom complet, nom de famille, prénom, prenom, cliente, employé, employée, employe, salarié,
      salariée, salarie, destinataire, expéditeur, expediteur, titulaire, titulaire du compte,
      bénéficiaire, beneficiaire, médecin, medecin, locataire, interlocuteur, interlocutrice`),
    jsonKey: true,
  },
  {
    lang: 'fr',
    labels: words('de, à, a, par, signé par, signe par, dossier suivi par'),
    jsonKey: false,
  },
  {
    lang: 'de',
    labels:
      words(`vorname, nachname, familienname, kunde, kundin, ansprechpartner, ansprechpartnerin, empfänger,
      absender, inhaber, inhaberin, kontoinhaber, kontoinhaberin, teilnehmer, sachbearbeiter,
      sachbearbeiterin`),
    jsonKey: true,
  },
  { lang: 'de', labels: words('sachbearbeitung, an, von'), jsonKey: false },
  {
    lang: 'es',
    labels: words(`nombre, apellido, apellidos, nombre completo, titular, titular de la cuenta,
      remitente, destinatario, asistentes`),
    jsonKey: true,
  },
  { lang: 'es', labels: words('para, expediente de'), jsonKey: false },
  {
    lang: 'it',
    labels: words(`nome, cognome, nome completo, intestatario, intestataria,
      intestatario del conto, mittente, partecipanti`),
    jsonKey: true,
  },
  { lang: 'it', labels: words('da, pratica seguita da'), jsonKey: false },
];

/** The labels of the table as regex alternatives, a space written ` ?` (labels) or `[ _]?` (keys). */
export function labelAlternatives(jsonKeys: boolean): string {
  const space = jsonKeys ? '[ _]?' : ' ?';
  const labels = NAME_LABELS.filter((row) => !jsonKeys || row.jsonKey).flatMap((r) => r.labels);
  // Longest first, so that `nom complet` is tried before `nom`; no regex syntax in the labels.
  return [...new Set(labels)]
    .sort((a, b) => b.length - a.length)
    .map((label) => label.replace(/ /g, space))
    .join('|');
}

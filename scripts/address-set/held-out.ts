import type { Lang } from './templates';

/**
 * Texts of the address evaluation set written in one go, after the detector and before it was
 * ever run on them, and never corrected on: the set's only figure of our own writing that was
 * not used while the detector was written (see BENCHMARKS.md). `[[…]]` marks an address.
 */
export const HELD_OUT: readonly { lang: Lang; text: string }[] = [
  {
    lang: 'en',
    text: 'Hi, could you forward my mail to [[47 Lime Grove, Bath BA2 4HF]] from next week?',
  },
  {
    lang: 'en',
    text: 'The venue is [[2 Mill Lane, Cambridge CB2 1RX]], the entrance is round the back.',
  },
  { lang: 'en', text: 'Ship order to:\n[[785 Cedar Ridge Road\nAsheville, NC 28803]]\nThanks' },
  { lang: 'en', text: 'We are now at [[Unit 7, 19 Harbour Road, Portsmouth PO1 3LJ]].' },
  { lang: 'en', text: 'Please bill [[PO Box 2210, Tulsa, OK 74101]] instead of the office.' },
  { lang: 'en', text: 'my sister lives at [[16 Westfield Avenue]], can you drop it there' },
  {
    lang: 'fr',
    text: 'Bonjour, pouvez-vous livrer au [[27 bis, rue Saint-Jean, 31000 Toulouse]] ?',
  },
  {
    lang: 'fr',
    text: 'Le cabinet se trouve [[14 avenue de la Libération, 2e étage, 63000 Clermont-Ferrand]].',
  },
  {
    lang: 'fr',
    text: 'Adresse de facturation : [[SARL Dumas, 8 impasse des Acacias, 44300 Nantes]]',
  },
  { lang: 'fr', text: 'Merci de renvoyer le dossier à [[BP 210, 35000 Rennes]].' },
  { lang: 'fr', text: 'Siège : [[Chaussée de Louvain 431, 1380 Lasne]], Belgique.' },
  { lang: 'fr', text: "on est au [[6 rue de l'abbaye]] si jamais" },
  { lang: 'de', text: 'Bitte liefern Sie an [[Lindenstraße 23, 04103 Leipzig]].' },
  { lang: 'de', text: 'Unsere neue Anschrift:\n[[Am Kirchberg 4\n79100 Freiburg]]' },
  { lang: 'de', text: 'Die Praxis ist in der [[Ludwigstr. 18, 3. OG, 80539 München]].' },
  { lang: 'de', text: 'Rücksendungen an [[Postfach 11 22 33, 20354 Hamburg]].' },
  { lang: 'de', text: 'Treffpunkt ist die [[Badenerstrasse 120, 8004 Zürich]].' },
  { lang: 'de', text: 'ich wohne jetzt in der [[schillerstraße 9]] bei meinen eltern' },
  { lang: 'es', text: 'Le envío el contrato a [[Calle de Velázquez, 57, 4º D, 28001 Madrid]].' },
  { lang: 'es', text: 'La tienda está en [[Avenida de la Constitución 12, 41004 Sevilla]].' },
  { lang: 'es', text: 'Enviar la factura a [[Plaza de Cataluña 9, 08002 Barcelona]], gracias.' },
  { lang: 'es', text: 'Dirección: [[C/ Colón 21, 3º izda., 46004 Valencia]]' },
  { lang: 'es', text: 'Correspondencia: [[Apartado de Correos 58, 29080 Málaga]].' },
  { lang: 'es', text: 'vivo en [[calle de la paz 14]], al lado del mercado' },
  { lang: 'it', text: 'Spedire a [[Via Nazionale 194, 00184 Roma]] entro lunedì.' },
  { lang: 'it', text: "L'ufficio è in [[Corso Buenos Aires 43, 20124 Milano]], secondo piano." },
  { lang: 'it', text: 'Indirizzo: [[Piazza della Signoria 5, 50122 Firenze (FI)]]' },
  { lang: 'it', text: 'Per la posta: [[Casella postale 112, 40121 Bologna]].' },
  { lang: 'it', text: 'Ci trasferiamo in [[Viale Monza 88]] a settembre.' },
  { lang: 'it', text: 'abito in [[via dei tigli 7]] ma non sempre' },
  // Hard negatives.
  { lang: 'en', text: 'Gate 22 closes at 9:40; the shuttle leaves from Bay 3.' },
  { lang: 'en', text: 'The Oxford Road stop is closed until 14 June.' },
  { lang: 'en', text: 'Invoice 58211 for 3 Lime Grove mugs is attached.' },
  { lang: 'fr', text: 'Le match Lyon-Marseille est à 21 h, rue de la Soif pleine à craquer.' },
  { lang: 'fr', text: 'Colis 4478 remis au point relais de Nantes le 3 mai.' },
  { lang: 'fr', text: 'Avenue Montaigne, 3 boutiques ont fermé en 2023.' },
  { lang: 'de', text: 'Die S-Bahn S1 fährt ab Gleis 2 Richtung Freiburg.' },
  { lang: 'de', text: 'Bestellnummer 88120, Lieferung in 3 Werktagen nach Leipzig.' },
  { lang: 'de', text: 'In der Schillerstraße wurden 12 Bäume gepflanzt.' },
  { lang: 'es', text: 'El pedido 30021 llega a Sevilla en 2 días.' },
  { lang: 'es', text: 'La Plaza Mayor acogió 5000 personas el sábado.' },
  { lang: 'es', text: 'Tomamos el tren 2241 a Valencia a las 9.' },
  { lang: 'it', text: 'Il treno 9641 per Milano parte dal binario 12.' },
  { lang: 'it', text: 'In Via Nazionale hanno aperto 3 nuovi negozi.' },
  { lang: 'it', text: 'Ordine 77120: 2 pezzi spediti a Firenze.' },
];

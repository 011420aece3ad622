/**
 * Capitalised words that are not people: greetings and sentence starters, weekdays and months,
 * cities, countries, companies and products, organisation and street words, in EN, FR, DE, ES
 * and IT. Curated by hand for this package (MIT). Matching ignores case and accents.
 */

const SENTENCE_WORDS = `
The A An This That These Those There Here It Its I We You He She They Me My Our Your His Her
Their Them Us Hi Hello Hey Dear Thanks Thank Cheers Regards Best Kind Yours Sincerely Please Yes
No Not Ok Okay Sure Sorry Welcome Good Great Nice Well So But And Or If When While Where What Why
How Who Which Also Just Only Still Then Now Today Tomorrow Yesterday Tonight Maybe Perhaps Note
To From For With By At Of In As Ask Tell Cc Attn Am
Notes Update Updated Re Fwd Fw Subject Attachment Attachments Meeting Call Email Mail Phone Tel
Fax Mobile Address Name Names Contact Contacts Customer Customers Client Clients User Users Team
Teams Support Sales Service Services Account Accounts Order Orders Invoice Invoices Payment
Payments Delivery Shipping Ticket Tickets Project Projects Report Reports Manager Director Admin
Administrator Everyone Everybody All Guys Folks Friends Colleagues Sir Madam Madame Mesdames
Messieurs Team Staff World Someone Anyone Nobody Again Also After Before During About Above Below
Yes Great Important Urgent Reminder Question Questions Answer Answers Info Information Details
Summary Total Price Date Time Room Office Building Floor Level Step Steps Section Chapter Page
Figure Table Version Release Draft Final Status Error Warning Success Failed Done Todo Next
Previous Last First Second Third New Old Big Small High Low Open Closed Free Premium Pro Plus
Basic Standard Gold Silver Platinum Bronze Happy Merry Christmas Easter Birthday Holiday Holidays
Bonjour Bonsoir Salut Coucou Merci Cordialement Bien Bises Amicalement Oui Non Voici Voilà Le La
Les Un Une Des Ce Cette Ces Il Elle Ils Elles Je Tu Nous Vous On Mon Ma Mes Ton Ta Tes Son Sa Ses
Notre Votre Leur Leurs Pour Par Avec Sans Dans Sur Sous Chez Mais Et Ou Donc Car Si Quand Comme
Aujourd Demain Hier Ce Cela Ça Bonne Bon Belle Très Tres Encore Déjà Toujours Jamais Rien Tout
Tous Toute Toutes Madame Monsieur Mademoiselle Cher Chère Chers Chères Objet Pièce Client Cliente
Commande Facture Livraison Rendez Adresse Numéro Courriel Réunion Équipe Service Compte Dossier
Merci Désolé Désolée Attention Rappel Important Urgent Question Réponse Suite Contrat Devis
Hallo Guten Tag Morgen Abend Danke Vielen Dank Liebe Lieber Sehr Geehrte Geehrter Grüße Gruß
Freundlichen Mit Ja Nein Bitte Der Die Das Ein Eine Und Oder Aber Ich Wir Sie Er Es Hola Buenos
Buenas Días Dias Tardes Noches Gracias Saludos Querido Querida Estimado Estimada Atentamente Sí
El Los Las Una Y Pero Yo Nosotros Usted Ciao Buongiorno Buonasera Grazie Cordiali Saluti Gentile
Caro Cara Il Lo Gli Uno Ma Io Noi Lei Egregio Distinti Prego Mille Too Namen Come Dove Cosa
Perché Como Cuando Donde
Engineering Legal Finance Marketing Product Design Operations Ops Security Compliance Accounting
Procurement Purchasing Recruiting Research Development Logistics Comptabilité Compta Juridique
Achats Direction Informatique Ventes Technique Qualité RH HR IT QA DevOps Vertrieb Einkauf
Buchhaltung Personal Marketing Ventas Compras Contabilidad Vendite Acquisti Contabilità
`;

const CALENDAR = `
Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mon Tue Wed Thu Fri Sat Sun January
February March April May June July August September October November December Jan Feb Mar Apr
Jun Jul Aug Sep Sept Oct Nov Dec Lundi Mardi Mercredi Jeudi Vendredi Samedi Dimanche Janvier
Février Mars Avril Mai Juin Juillet Août Septembre Octobre Novembre Décembre Montag Dienstag
Mittwoch Donnerstag Freitag Samstag Sonntag Januar Februar März Juni Juli Oktober Dezember Lunes
Martes Miércoles Jueves Viernes Sábado Domingo Enero Febrero Marzo Abril Mayo Junio Julio Agosto
Septiembre Octubre Noviembre Diciembre Lunedì Martedì Mercoledì Giovedì Venerdì Sabato Gennaio
Febbraio Aprile Maggio Giugno Luglio Settembre Ottobre Dicembre Noël Pâques Toussaint Weekend
Q1 Q2 Q3 Q4 Spring Summer Autumn Fall Winter Printemps Été Automne Hiver
`;

const PLACES = `
Paris Lyon Marseille Toulouse Nice Nantes Strasbourg Montpellier Bordeaux Lille Rennes Reims
Toulon Grenoble Dijon Angers Nîmes Villeurbanne Clermont Limoges Tours Amiens Metz Besançon Perpignan
Orléans Rouen Caen Mulhouse Nancy Argenteuil Roubaix Tourcoing Avignon Poitiers Versailles
Pau Calais Cannes Antibes Brest Annecy Chambéry Lorient Valence Bayonne Biarritz Ajaccio Bastia
Lourdes Vichy Colmar Troyes Saint Sainte St Ste Londres London Manchester Birmingham Liverpool
Leeds Glasgow Edinburgh Bristol Oxford Cambridge Cardiff Belfast Dublin Cork Berlin Hamburg
Munich München Cologne Köln Frankfurt Stuttgart Düsseldorf Dortmund Essen Leipzig Bremen Dresden
Hannover Nuremberg Nürnberg Bonn Vienna Wien Salzburg Zurich Zürich Geneva Genève Genf Basel Bern
Berne Lausanne Lugano Brussels Bruxelles Brussel Antwerp Anvers Ghent Gand Liège Namur Charleroi
Luxembourg Amsterdam Rotterdam Utrecht Eindhoven Madrid Barcelona Valencia Seville Sevilla
Zaragoza Málaga Malaga Bilbao Granada Alicante Murcia Palma Rome Roma Milan Milano Naples Napoli
Turin Torino Palermo Genoa Genova Bologna Florence Firenze Venice Venezia Verona Pisa Lisbon
Lisboa Porto Athens Prague Warsaw Budapest Bucharest Stockholm Oslo Copenhagen Helsinki Moscow
Kyiv Kiev Istanbul Ankara Cairo Casablanca Rabat Marrakech Tunis Algiers Alger Dakar Abidjan
Lagos Nairobi Johannesburg Dubai Doha Riyadh Beirut Tokyo Osaka Kyoto Beijing Shanghai Shenzhen
Hong Kong Singapore Seoul Bangkok Mumbai Delhi Bangalore Sydney Melbourne Brisbane Perth Auckland
Toronto Montreal Montréal Vancouver Ottawa Quebec Québec Calgary York Boston Chicago Houston
Phoenix Philadelphia Dallas Austin Denver Seattle Portland Atlanta Miami Orlando Detroit Vegas
Angeles Francisco Diego Jose Washington Brooklyn Manhattan Texas California Florida Georgia Ohio
Virginia Carolina Nevada Oregon Arizona Colorado Montana Alaska Hawaii Mexico Brazil Brasil
Argentina Chile Peru Colombia Venezuela Canada America Americas USA UK England Scotland Wales
Ireland France Germany Allemagne Deutschland Spain Espagne España Italy Italie Italia Portugal
Belgium Belgique Switzerland Suisse Schweiz Austria Autriche Österreich Netherlands Holland
Pays Bas Europe European Africa Asia Australia China Chine Japan Japon India Inde Russia Russie
Poland Pologne Greece Grèce Turkey Turquie Morocco Maroc Algeria Algérie Tunisia Tunisie Egypt
Senegal Sénégal Israel Jordan Lebanon Liban Syria Iran Iraq Qatar Chad Niger Mali Kenya Nigeria
Normandie Bretagne Provence Alsace Lorraine Bourgogne Aquitaine Occitanie Corse Savoie Auvergne
Picardie Champagne Ardennes Vendée Gironde Rhône Loire Seine Marne Oise Somme Var Gard Hérault
Midi Côte Azur Riviera Bavaria Bayern Catalonia Cataluña Andalucía Lombardia Toscana Sicilia
Thames Mediterranean Atlantic Pacific Alps Alpes Pyrenees Pyrénées Everest
`;

const ORGANISATIONS = `
Google Microsoft Apple Amazon Meta Facebook Netflix Tesla Orange SFR Bouygues Free Renault
Peugeot Citroën Stellantis Total TotalEnergies Airbus Danone Oréal Carrefour Auchan Leclerc
Decathlon Fnac Darty Ikea Zara Mercedes BMW Volkswagen Audi Porsche Siemens Bosch SAP Allianz
Telefónica Telefonica Santander BBVA Fiat Ferrari Vodafone Uber Airbnb Spotify Slack Zoom Stripe
PayPal Visa Mastercard Amex OpenAI Anthropic Mistral ChatGPT Gemini Copilot Salesforce Oracle
IBM Intel Nvidia AMD Samsung Sony Nike Adidas Starbucks McDonald Disney Walmart Costco LinkedIn
Twitter WhatsApp Instagram TikTok YouTube GitHub GitLab Vercel Next React Node Docker Kubernetes
AWS Azure Heroku Shopify Notion Figma Trello Jira Atlassian Dropbox Chronopost Colissimo Poste
DHL UPS FedEx SNCF RATP Lufthansa Iberia Alitalia Ryanair EasyJet BNP Paribas Société Générale
Crédit Agricole LCL Boursorama Revolut Qonto Doctolib Ameli CAF URSSAF Bahn Telekom Deezer Canal
Airbus Michelin Hermès Chanel Dior Vuitton Gucci Prada Lidl Aldi Monoprix Intermarché Picard
Sephora Leroy Merlin Castorama Boulanger Cdiscount Vinted Leboncoin BlaBlaCar Deliveroo Glovo
Android iPhone iPad Mac Windows Linux Ubuntu Chrome Firefox Safari Edge Excel Word PowerPoint
Outlook Gmail Teams Skype Siri Alexa Cortana Bing Yahoo Wikipedia Reddit Discord Telegram Signal
Python Java JavaScript TypeScript Rust Go Ruby Kotlin Swift Scala Perl Postgres PostgreSQL MySQL
Redis MongoDB Kafka Spark Hadoop Terraform Ansible Jenkins Grafana Prometheus Sentry Datadog
Django Flask Laravel Symfony Angular Vue Svelte Nuxt Webpack Deno Kibana Elasticsearch Airflow
Snowflake Databricks Tableau Looker
Inc Ltd LLC Corp Corporation Company Co SA SAS SARL SNC GmbH AG KG BV NV SpA Srl SL Plc Group
Groupe Holding Bank Banque Banco Bancorp Capital Partners Consulting Solutions Systems
Technologies Tech Labs Software Services Industries International Global Foundation Fondation
University Université Universität Universidad Università College Collège School École Ecole
Institute Institut Academy Académie Hospital Hôpital Hopital Clinic Clinique Center Centre
Museum Musée Library Bibliothèque Ministry Ministère Ministerio Department Département Agency
Agence Council Conseil Association Club Federation Fédération Church Église Hotel Hôtel
Restaurant Café Cafe Bar Pharmacy Pharmacie Airport Aéroport Station Gare Stadium Stade Park Parc
Street Avenue Road Lane Drive Boulevard Square Place Court Way Rue Allée Impasse Quai Chemin
Route Strasse Straße Platz Weg Calle Plaza Paseo Via Viale Piazza Corso Bridge Pont Tower Tour
Prize Prix Award Cup Coupe League Ligue Championship Olympics Olympic Congress Parliament Senate
Senat Sénat Assemblée Nationale Republic République Kingdom Royaume United Uni States Unis Union
North South East West Nord Sud Est Ouest Central Centrale Upper Lower Greater Grand Grande Petit
Petite New Nouvelle Nouveau Old Vieux Mount Mont Lake Lac River Rivière Island Île Bay Baie
Christ Jesus God Dieu Allah Buddha Lord Seigneur Notre Dame Memorial Monument Logistics
Associates Brothers Bros Motors Air Airlines Airways Media Studio Studios Pharma Energy Insurance
Assurances Immobilier Transports Construction Productions Records Films Ventures Trust
`;

/** Words that are never a person's name on their own or as a surname. */
export const STOP_WORDS: readonly string[] = [SENTENCE_WORDS, CALENDAR, PLACES, ORGANISATIONS]
  .join(' ')
  .split(/\s/)
  .filter((w) => w.length > 0);

/** Organisations, institutions and street words: a name followed by one is a place or a firm. */
export const ORGANISATION_WORDS: readonly string[] = ORGANISATIONS.split(/\s/).filter(
  (w) => w.length > 0,
);

/** Places only: a first name that is also a city (`Florence`, `Nancy`) needs a second signal. */
export const PLACE_WORDS: readonly string[] = PLACES.split(/\s/).filter((w) => w.length > 0);

/**
 * Given names that are also common words in EN/FR/DE/ES/IT (`Will`, `Mark`, `Grace`, `Rose`,
 * `Claire`, `Pierre`): alone they need a title, greeting or another signal.
 */
export const AMBIGUOUS_FIRST_NAMES: readonly string[] = `
Will Mark Bill Grace Hope Joy Rose May June April August Autumn Summer Dawn Faith Iris Ivy Lily
Daisy Holly Ruby Amber Jade Pearl Crystal Destiny Harmony Melody Sky Skye River Chase Hunter Mason
Cooper Baker Carter Parker Taylor Tyler Walker Wade Dean Drew Gene Guy Frank Rich Sterling Earl
Duke King Prince Major Miles Pat Sue Rob Don Art Ray Sol Claire Constance Aurore Océane Marine
Prudence Patience Victoire Blanche Ambre Violette Lou Jordan Sydney Austin Jackson Madison
Charlotte Victoria Georgia Virginia Carolina Regina Adelaide Savannah Chelsea Brooklyn Florence
Nancy Lorraine Valence Paris Lourdes Sofia Alma Aurora Dolores Mercedes Esperanza Soledad Rosario
Pilar Consuelo Remedios Ángeles Milagros Concepción Max Christian Constant Désiré Prosper
Modeste Innocent Félicité Noël Pascal Robin Lance Grant Trent Reed Reid Wolf Kai Can Ren Sora
Yu Li Mai Nam Sai Lin Hong Ming Wei Ma Mo Amal Hana Nour Rim Sana Eve Alba Gloria Santo Marino
Leone Luna Stella Viola Bianca Vera Flora Ada Long Young Green White Black Brown Gray Bell Hill
Wood Stone Rice Little Cook Hunt Lane Price Banks Fields Woods Wells Ward Page Case Chance Sunny
Star Angel Bella Belle Bonnie Precious Honey Candy Cherry Ginger Raven Storm Phoenix Ocean Rain
Snow Stormy Liberty Justice Mercy Unity Trinity Rosa Gene Nova Echo Lotus Blue Pepper Sage
`
  .split(/\s/)
  .filter((w) => w.length > 0);

/**
 * Nationalities, written with a capital in English and as nouns elsewhere: after a relative
 * and a verb they say where the relative comes from, not who they are (`my partner is French`,
 * `mi marido es Francés`). Not stop words: some are family names (`Matt Welsh`, `Dawn French`).
 */
export const NATIONALITIES: readonly string[] = `
American British English French German Italian Spanish Dutch Belgian Swiss Canadian Mexican
Brazilian Argentinian Chinese Japanese Korean Indian Irish Scottish Welsh Polish Portuguese
Russian Ukrainian Greek Turkish Moroccan Algerian Tunisian Egyptian Austrian Swedish Norwegian
Danish Finnish Australian European African Asian
Français Française Anglais Anglaise Allemand Allemande Italien Italienne Espagnol Espagnole Belge
Suisse Américain Américaine Canadien Canadienne Européen Européenne Marocain Marocaine Algérien
Algérienne Portugais Portugaise
Deutscher Deutsche Franzose Französin Italiener Italienerin Spanier Spanierin Engländer
Engländerin Amerikaner Amerikanerin Österreicher Österreicherin Schweizer Schweizerin
Español Española Francés Francesa Alemán Alemana Inglés Inglesa Mexicano Mexicana Argentino
Argentina Italiano Italiana Francese Tedesco Tedesca Spagnolo Spagnola Inglese Americano Americana
`
  .split(/\s/)
  .filter((w) => w.length > 0);

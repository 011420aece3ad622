/**
 * Common family names (EN, FR, DE, ES, IT, PT, NL, AR-origin and a few others), curated by
 * hand for this package (no external data set was copied; MIT). A capitalised word after an
 * unknown given name counts as a name when it is one of these. A name with a particle is written
 * with `_` between its words (`De_Santis`): its particle (`de`, `van`, `le`…) is no family name by
 * itself, only the words after it are.
 */
const SURNAMES = `
Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Jackson White
Harris Thompson Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams Baker
Nelson Carter Mitchell Roberts Turner Phillips Campbell Parker Evans Edwards Collins Stewart
Morris Murphy Cook Rogers Morgan Cooper Peterson Reed Bailey Bell Kelly Howard Ward Cox Richardson
Wood Watson Brooks Bennett Gray Hughes Price Sanders Myers Long Ross Foster Powell Jenkins Perry
Russell Sullivan Fisher Henderson Coleman Simmons Patterson Jordan Reynolds Hamilton Graham
Wallace West Cole Hayes Gibson Ellis Stevens Murray Ford Marshall Owens Harrison Fernandez
McDonald Woods Washington Kennedy Wells Henry Freeman Webb Tucker Porter Hunter Hicks Crawford
Boyd Mason Warren Dixon Burns Gordon Shaw Holmes Rice Robertson Hunt Black Daniels Palmer Mills
Nichols Grant Knight Ferguson Stone Hawkins Dunn Perkins Hudson Spencer Stephens Pierce Hansen
Wagner Lawrence Snyder Hart Cunningham Bradley Lane Andrews Ruiz Harper Fox Riley Armstrong
Carpenter Weaver Greene Elliott Chavez Sims Austin Peters Kelley Franklin Lawson Fields Ryan
Schmidt Carr Castillo Wheeler Chapman Oliver Montgomery Richards Williamson Johnston Banks Meyer
Bishop McCoy Howell Morrison Hansen Harvey Little Burton Stanley Watts Barnes OBrien O'Brien
O'Connor O'Neill O'Sullivan Doyle Byrne Kavanagh Walsh Brennan Quinn Lynch Gallagher Fitzgerald
Chen Wang Li Zhang Liu Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Lin Guo He Gao Luo Tanaka Suzuki
Sato Takahashi Watanabe Ito Yamamoto Nakamura Kobayashi Kim Lee Park Choi Jung Kang Cho Yoon
Nguyen Tran Pham Hoang Phan Vu Dang Bui Do Ho Ngo Duong Patel Shah Singh Kumar Sharma Gupta
Mehta Reddy Rao Iyer Nair Bose Chopra Kapoor Malhotra Khan Ahmed Ali Hussain Rahman Qureshi
Martin Bernard Dubois Durand Lefebvre Leroy Moreau Simon Laurent Lefèvre Lefevre Michel Garcia
David Bertrand Roux Vincent Fournier Morel Girard André Mercier Dupont Lambert Bonnet François
Martinez Legrand Garnier Faure Rousseau Blanc Guérin Muller Henry Roussel Nicolas Perrin Morin
Mathieu Clément Gauthier Dumont Lopez Fontaine Chevalier Robin Masson Sanchez Gérard Nguyen
Boyer Denis Lemaire Duval Joly Gautier Roger Roche Roy Noël Meyer Lucas Meunier Jean Perez
Marchand Dufour Blanchard Marie Barbier Brun Dumas Brunet Schmitt Leroux Colin Fernandez Pierre
Renard Arnaud Rolland Caron Aubert Giraud Leclerc Vidal Bourgeois Renaud Lemoine Picard Gaillard
Philippe Leclercq Lacroix Fabre Dupuis Olivier Rodriguez Da_Silva Hubert Louis Charles Guillot
Rivière Le_Gall Guillaume Adam Rey Moulin Gonzalez Berger Lecomte Menard Fleury Deschamps
Carpentier Julien Benoît Paris Maillard Marchal Aubry Vasseur Le_Roux Renault Jacquet Collet
Prévost Poirier Charpentier Royer Huet Baron Dupuy Pons Paul Laine Carré Breton Rémy Schneider
Perret Langlois Lebrun Leblanc Besson Bouvier Tessier Leveque Lévêque Dupré Texier Marty Hamon
Mallet Bouchet Collin Lemaître Giraud Bailly Hervé Camus Cordier Chauvin Benard Leduc Tanguy
Gilbert Bouvet Cousin Millet Lecoq Cartier Delmas Maréchal Poulain Guichard Hoarau Payet Grondin
Benali Benaïssa Belkacem Bensaïd Bouzid Brahimi Chérif Haddad Hamidi Khelifi Mansouri Meziane
Saïdi Slimani Ziani Amrani Bouaziz Chaouch Diallo Traoré Diop Ndiaye N'Diaye Sow Keita Koné
Coulibaly Camara Cissé Touré Sylla Ba Fall Gueye Kone Mbaye Diouf Dembélé Sissoko Konaté Bakayoko
Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer
Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange
Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König Walter
Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Weiss Jung Hahn Schubert Vogel Friedrich
Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann Franke Albrecht Schuster Simon
Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt Stein Jäger Otto Sommer Groß Seidel Heinrich
Brandt Haas Schreiber Graf Dietrich Ziegler Kuhn Kühn Pohl Engel Horn Busch Bergmann Thomas Voigt
Sauer Arnold Wolff Pfeiffer Garcia González Rodríguez Fernández López Martínez Sánchez Pérez
Gómez Martín Jiménez Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro
Torres Domínguez Vázquez Ramos Gil Ramírez Serrano Blanco Molina Morales Suárez Ortega Delgado
Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido Cortés Castillo Santos Lozano Guerrero
Cano Prieto Méndez Cruz Calvo Gallego Vidal León Márquez Herrera Peña Flores Cabrera Campos Vega
Fuentes Carrasco Díez Caballero Reyes Nieto Aguilar Pascual Santana Herrero Montero Lorenzo
Hidalgo Giménez Ibáñez Ferrer Durán Santiago Benítez Mora Vicente Vargas Arias Carmona Crespo
Román Pastor Soto Sáez Velasco Moya Soler Parra Esteban Bravo Gallardo Rojas Silva Ferreira
Pereira Oliveira Costa Rodrigues Martins Jesus Sousa Fernandes Gonçalves Gomes Lopes Marques
Alves Almeida Ribeiro Pinto Carvalho Teixeira Moreira Correia Mendes Nunes Soares Vieira Monteiro
Cardoso Rocha Neves Coelho Cruz Cunha Pires Ramos Reis Simões Antunes Matos Fonseca Machado
Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti De_Luca
Mancini Costa Giordano Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso
Ferrara Galli Martini Leone Longo Gentile Martinelli Vitale Lombardo Serra Coppola De_Santis
D'Angelo Marchetti Parisi Villa Conte Ferraro Ferri Fabbri Bianco Marini Grasso Valentini
Messina Sala De_Angelis Gatti Pellegrini Palumbo Sanna Farina Rizzi Monti Cattaneo Morelli
Amato Silvestri Mazza Testa Grassi Pellegrino Carbone Giuliani Benedetti Barone Rossetti Caputo
Montanari Guerra Palmieri Bernardi Martino Fiore De_Rosa Ferretti Bellini Basile Riva Donati
Piras Vitali Battaglia Sartori Neri Costantini Milani Pagano Ruggiero Sorrentino D'Amico Orlando
De_Jong Jansen De_Vries Van_den_Berg Van_Dijk Bakker Janssen Visser Smit Meijer De_Boer Mulder
De_Groot Bos Vos Peters Hendriks Van_Leeuwen Dekker Brouwer De_Wit Dijkstra Smits Peeters Maes
Jacobs Mertens Willems Claes Goossens Wouters De_Smet Dubois Lambert Dupont Martens Ivanov
Smirnov Kuznetsov Popov Sokolov Lebedev Kozlov Novak Nowak Kowalski Wiśniewski Wójcik Kowalczyk
Kamiński Lewandowski Zieliński Szymański Horvat Kovač Novák Svoboda Dvořák Popescu Ionescu
Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Hansen
Johansen Olsen Nielsen Jensen Pedersen Andersen Christensen Larsen Sørensen Rasmussen Korhonen
Virtanen Mäkinen Nieminen Yilmaz Yılmaz Kaya Demir Şahin Çelik Yıldız Öztürk Aydın Özdemir Arslan
Dogan Kılıç Cohen Levy Levi Friedman Katz Goldberg Rosenberg Shapiro Klein Mizrahi Azoulay
Benhamou Attal Bensimon Sebag Amar Elbaz Ohana Chetrit
`;

/** The curated family names, as written (`De Santis`, `Van den Berg`). */
export const SURNAMES_LIST: readonly string[] = SURNAMES.split(/\s/)
  .filter((n) => n.length > 0)
  .map((n) => n.replaceAll('_', ' '));

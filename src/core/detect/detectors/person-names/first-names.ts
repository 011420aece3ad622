/**
 * Common given names, curated by hand for this package (no external data set was copied; same
 * licence as the package, MIT). Grouped by the language or region where they are most common;
 * one name may appear in several groups. Lookups ignore case and accents (see `name-key.ts`).
 * The list is a signal, not a gate: names missing from it are still found through titles,
 * greetings, signatures, JSON keys, e-mail local parts and known names.
 */

const ENGLISH = `
Aaron Abbie Abby Abigail Ada Adam Adrian Aidan Alan Albert Alec Alex Alexa Alexander Alexandra
Alexis Alfie Alfred Alice Alicia Alison Allison Alyssa Amanda Amelia Amy Andrea Andrew Andy
Angela Angus Anna Anne Annie Anthony Archie Arthur Ashley Aubrey Audrey Austin Ava Avery Barbara
Barry Becky Ben Benjamin Bernard Beth Bethany Betty Beverly Blake Bob Bobby Bonnie Brad Bradley
Brandon Brenda Brendan Brett Brian Bridget Brittany Brooke Bruce Bryan Caitlin Caleb Callum
Cameron Camilla Carl Carly Carol Caroline Carolyn Casey Cassandra Catherine Charles Charlie
Charlotte Chelsea Cheryl Chloe Chris Christina Christine Christopher Cindy Claire Clara Colin
Connor Courtney Craig Cynthia Daisy Dale Damian Dan Dana Daniel Danielle Danny Darren Dave David
Dawn Deborah Debbie Denise Dennis Derek Diana Diane Dominic Donald Donna Doris Dorothy Douglas
Dylan Eddie Edward Eileen Elaine Eleanor Elena Eli Elijah Elizabeth Ella Ellen Ellie Eloise Emily
Emma Eric Erica Erin Ethan Eugene Eva Evan Evelyn Fiona Florence Frances Francis Fred Freddie
Frederick Freya Gabriel Gail Gareth Gary Gavin Gemma Geoffrey George Georgia Gerald Gillian
Gloria Gordon Graham Greg Gregory Hailey Hannah Harold Harriet Harrison Harry Harvey Hayden
Heather Helen Henry Holly Howard Ian Imogen Isaac Isabel Isabella Isabelle Isla Isobel Jack
Jackie Jackson Jacob Jacqueline Jade Jake James Jamie Jane Janet Janice Jared Jasmine Jason Jay
Jayden Jean Jeff Jeffrey Jenna Jennifer Jenny Jeremy Jerry Jesse Jessica Jill Jim Jimmy Joan
Joanna Joanne Jodie Joe Joel Joey John Johnny Jon Jonathan Jordan Joseph Josh Joshua Joyce Judith
Judy Julia Julian Julie Justin Karen Kate Katherine Kathleen Kathryn Katie Kayla Keith Kelly
Kenneth Kevin Kieran Kim Kimberly Kirsty Kyle Laura Lauren Lawrence Leah Lee Leo Leon Leonard
Lewis Liam Lily Linda Lindsay Lisa Logan Lois Lola Lorraine Louis Louise Lucas Lucy Luke Lydia
Lynn Madison Maisie Malcolm Mandy Margaret Maria Marian Marie Marilyn Marjorie Martha Martin
Mary Matilda Matt Matthew Maureen Max Megan Melanie Melissa Michael Michelle Mike Mildred Millie
Molly Monica Morgan Nancy Naomi Natalie Nathan Neil Nicholas Nick Nicola Nicole Niamh Noah Nora
Norman Oliver Olivia Oscar Owen Paige Pamela Patricia Patrick Paul Paula Pauline Peggy Penelope
Peter Philip Phoebe Phyllis Poppy Rachel Ralph Randy Rebecca Reece Rhys Richard Rick Rita Robert
Robin Rodney Roger Ronald Rory Rosemary Ross Roy Russell Ruth Ryan Sally Sam Samantha Samuel
Sandra Sara Sarah Scarlett Scott Sean Sebastian Seth Shane Shannon Sharon Shaun Sheila Shirley
Sienna Simon Sophia Sophie Stacey Stanley Stella Stephanie Stephen Steve Steven Stuart Susan
Suzanne Sydney Sylvia Tamara Tammy Tanya Teresa Terry Theo Theodore Theresa Thomas Tiffany Tim
Timothy Toby Todd Tom Tommy Tony Tracy Travis Trevor Troy Valerie Vanessa Vera Veronica Vicky
Victor Victoria Vincent Virginia Walter Warren Wayne Wendy William Willow Zachary Zara Zoe Abbey
Ainsley Alana Alistair Alvin Annabel Annabelle Anya Arlo Ashton Barney Bella Benedict Bertie
Bradford Brianna Bridie Brody Bryony Cal Candice Carter Cecil Cecilia Chantelle Chester Clarissa
Clifford Clive Cody Conor Corey Cormac Damien Darcy Declan Del Delia Desmond Dexter Dominique
Duncan Dwight Edith Edmund Edwin Eliza Elliot Elliott Elsie Elspeth Emmett Ernest Esme Esther
Ethel Evie Ezra Felicity Finlay Finn Flora Floyd Frankie Gabriella Gemima Gerard Gilbert Gina
Glen Glenn Grant Griffin Gwen Gwendolyn Hamish Harley Harper Hattie Hazel Hector Heidi Herbert
Hollie Hope Horace Hugh Hugo Hunter Ida Iris Isaiah Ivan Ivy Jeanette Jemima Jenson Jerome Jess
Jocelyn Jolene Josephine Josie Jude Juliet Kara Karl Kasey Katrina Keira Kelsey Kendra Kerry
Kirk Kristen Kristin Lacey Lana Lance Laurence Layla Leanne Leigh Leslie Lester Lilian Lillian
Lindsey Lionel Lloyd Lorna Lottie Lucinda Luella Lyle Mabel Mackenzie Maddie Marcus Marcia
Margot Marion Marjory Marlene Marshall Mason Maude Maxine Maya Melvin Meredith Mia Mitchell
Mollie Muriel Myles Nadine Nathaniel Ned Nell Nellie Neville Nigel Noel Noreen Olive Ollie
Patsy Percy Perry Philippa Piper Priscilla Quentin Quinn Rachael Raymond Reginald Rhiannon
Riley Roberta Rodger Roland Ronnie Rosalind Rosie Rowan Roxanne Rufus Rupert Sadie Savannah
Seamus Selena Serena Shelby Sheldon Sidney Skye Spencer Stacy Sterling Stewart Sue Summer
Tabitha Tara Taylor Tess Tessa Thelma Tilly Tobias Tracey Trisha Tristan Trudy Tyler Ursula
Vaughan Vernon Vivian Wallace Wesley Whitney Wilfred Willa Winifred Winston Yvonne Zachariah
Zane Brenna Caden Colton Easton Everett Jaxon Kayden Landon Lincoln Maverick Nolan Parker
Paxton Ryder Sawyer Weston Wyatt Aubree Addison Brooklyn Everly Hadley Kinsley Paisley Peyton
Reagan Sloane Stevie Tatum Aiden Braden Cooper Dakota Emery Gracie Hudson Jett Kai Kendall
Levi Macy McKenna Oakley Reid Remy Sutton Trent Harriett Mandla Shanice Tyrone Darnell Deshawn
Jamal Jermaine Keisha Lakisha Latoya Marquis Rashad Tanisha Terrell Tyrese Aaliyah Imani Jaylen
Kiara Malik Nia Trayvon Zion Dwayne Reggie Lamar Jalen Deandre Kendrick Kennedy
`;

const FRENCH = `
Adèle Adrien Agathe Agnès Aimé Alain Albane Alexandre Alexis Alice Aline Alix Alphonse Amandine
Ambroise Amélie Anaïs André Andrée Angèle Angélique Anne Annabelle Anne-Laure Anne-Marie Anne-Sophie
Annick Antoine Antoinette Apolline Ariane Armand Armelle Arnaud Arthur Aude Audrey Augustin
Aurélie Aurélien Axel Axelle Baptiste Barthélemy Basile Bastien Béatrice Benjamin Benoît
Bernadette Bernard Bertrand Blandine Brigitte Bruno Camille Capucine Carine Caroline Catherine
Cécile Céline Chantal Charles Charlotte Christelle Christian Christiane Christine Christophe
Claire Clarisse Claude Claudine Clémence Clément Clémentine Clotilde Colette Coline Colombe
Corentin Corinne Cyril Cyrille Damien Daniel Danièle Danielle David Delphine Denis Denise Didier
Dominique Édith Édouard Éléonore Élise Élodie Éloïse Emma Emmanuel Emmanuelle Éric Erwan Estelle
Étienne Eugène Eugénie Évelyne Fabien Fabienne Fabrice Fanny Félicie Félix Ferdinand Fernand
Fernande Florence Florent Florian Francis Franck Françoise François Frédéric Frédérique Gabin
Gabriel Gabrielle Gaël Gaëlle Gaëtan Gaspard Gaston Geneviève Geoffrey Georges Georgette Gérald
Gérard Germain Germaine Ghislain Ghislaine Gilbert Gilles Gisèle Grégoire Grégory Guillaume
Gustave Guy Gwenaëlle Hélène Henri Henriette Hervé Hippolyte Honoré Hortense Hubert Hugo Hugues
Inès Irène Isabelle Jacqueline Jacques Jean Jean-Baptiste Jean-Charles Jean-Claude Jean-François
Jean-Jacques Jean-Louis Jean-Luc Jean-Marc Jean-Marie Jean-Michel Jean-Noël Jean-Paul
Jean-Philippe Jean-Pierre Jean-Yves Jeanne Jeannine Jérémie Jérémy Jérôme Joël Joëlle Josiane
Joseph Joséphine Josette Josselin Jules Julia Julie Julien Juliette Justine Karine Laetitia
Laëtitia Lambert Laure Laurence Laurent Léa Léo Léon Léonard Léonie Lilian Liliane Lina Lionel
Lise Loïc Louis Louise Luc Lucas Lucie Lucien Lucienne Ludovic Lydie Madeleine Maël Maëlle
Maëlys Manon Marc Marcel Marcelle Margaux Margot Marguerite Marianne Marie Marie-Christine
Marie-Claire Marie-France Marie-Hélène Marie-José Marie-Laure Marie-Noëlle Marie-Pierre
Marie-Thérèse Marine Marion Marius Marthe Martin Martine Mathias Mathieu Mathilde Matthieu
Maud Maurice Max Maxence Maxime Mélanie Mélissa Michel Michèle Micheline Mireille Monique
Morgane Muriel Mylène Nadège Nadine Nathalie Nathan Nicolas Nicole Noé Noël Noémie Octave
Odette Odile Olivier Olympe Pascal Pascale Patrice Patricia Patrick Paul Paule Paulette Pauline
Perrine Philippe Pierre Pierre-Alain Pierre-Yves Quentin Rachel Raphaël Raphaëlle Raymond
Raymonde Régine Régis Rémi Rémy Renaud René Renée Robert Roger Roland Romain Romane Rose Rosalie
Roseline Sabine Sacha Salomé Samuel Sandrine Sarah Sébastien Serge Séverine Simon Simone Solène
Sophie Stéphane Stéphanie Suzanne Suzette Sylvain Sylvie Tanguy Théo Théophile Thérèse Thibaud
Thibault Thibaut Thierry Thomas Timothée Tristan Valentin Valentine Valérie Vanessa Véronique
Victor Victoire Vincent Violette Virginie Vivien Vivienne Xavier Yann Yannick Yoann Yves Yvette
Yvonne Zoé Albin Alexia Alexine Aloïs Amaury Anatole Anouk Apolinaire Aristide Athénaïs Aubin
Auguste Aurore Bérénice Bertille Blanche Brice Calixte Capucine Cassandre Cédric Célestin
Célestine Charlène Chloé Clovis Côme Constance Constant Cyprien Daphné Désiré Diane Dorian
Dorothée Edmond Edmée Éliane Éline Élisabeth Eliott Élise Eloi Émile Émilie Émilien Enzo Ernest
Esteban Eudes Eulalie Evan Faustine Firmin Flavie Flavien Flore Florine Gautier Gauthier Gildas
Ginette Guenièvre Gwendal Gwendoline Hannah Héloïse Hermine Honorine Ilan Jade Jordan Josué
Jocelyne Lazare Léandre Léane Léna Léonce Lilou Loane Loris Lou Louane Louison Lubin Lucile
Ludivine Lyna Maddie Maëva Malo Mallaury Marcelin Marceline Marin Marius Maryse Maximilien
Médéric Mélina Mélodie Méline Millie Nadia Naël Nestor Ninon Noa Noah Noam Océane Odilon Ophélie
Oriane Orianne Perceval Pierrick Prosper Prudence Rodolphe Roxane Ruben Sabrina Salomé Séraphin
Séraphine Sixtine Soline Stanislas Sullivan Sylvère Tiphaine Titouan Ulysse Valère Valéry
Vianney Wilfried Yanis Yolande Youenn Ysé Zélie Anne-Claire Anne-Lise Jean-Christophe
Jean-Daniel Jean-Guy Jean-Hugues Jean-Sébastien Jean-Thomas Marc-Antoine Marc-André Paul-Henri
Pierre-Louis Louis-Marie Marie-Anne Marie-Ange Marie-Louise Marie-Odile Marie-Paule Charles-Henri
Aymeric Bénédicte Clothilde Colombine Donatien Enguerrand Foucauld Gonzague Hortense Hyacinthe
Lancelot Ombeline Domitille Éloïse Gaëtane Ghislaine Maximilienne Sidonie Tancrède
`;

const GERMAN = `
Achim Adalbert Alexander Andreas Anke Anja Annegret Annika Anton Armin Arne Axel Barbara Bärbel
Benedikt Bernd Bernhard Bettina Birgit Björn Brigitte Burkhard Carsten Christa Christian Christiane
Christina Christoph Claudia Conrad Cornelia Dagmar Daniela Detlef Dieter Dietmar Dirk Doris Dorothea
Dennis Egon Elfriede Elke Elmar Erika Erich Ernst Erwin Eva Ewald Fabian Felix Florian Franz
Franziska Frieda Friedrich Fritz Gabriele Gerd Gerda Gerhard Gertrud Gisela Gottfried Gregor
Gudrun Günter Günther Gustav Hanna Hannelore Hannes Hans Hans-Jürgen Hans-Peter Harald Hartmut
Hedwig Heidi Heike Heiko Heinrich Heinz Helga Helmut Henning Herbert Hermann Hildegard Holger
Horst Hubert Ilse Ingeborg Ingo Ingrid Irmgard Jan Jana Jens Joachim Johann Johanna Johannes
Jonas Jörg Josef Julia Jürgen Jutta Kai Karin Karl Karl-Heinz Karsten Katharina Kathrin Katja
Klaus Konrad Kristin Kurt Lars Lena Leni Leonie Lieselotte Lothar Lukas Lutz Magdalena Maik
Manfred Mareike Margarete Margit Marianne Marko Markus Marlies Marta Martina Mathias Matthias
Max Maximilian Meike Melanie Michael Monika Moritz Nadine Nele Niklas Nils Nina Norbert Olaf
Ortwin Oskar Otto Paul Petra Philipp Rainer Ralf Regina Reinhard Reinhold Renate Richard Rita
Robert Roland Rolf Rosemarie Rüdiger Rudolf Ruth Sabine Sabrina Sandra Sascha Sebastian Siegfried
Sigrid Silke Simone Sönke Sophie Stefan Stefanie Steffen Susanne Svenja Sven Swen Tanja Thorsten
Tobias Torsten Udo Ulrich Ulrike Ursula Uta Ute Uwe Veronika Volker Walter Waltraud Werner
Wiebke Wilhelm Willi Wolfgang Wolfram Yvonne Anneliese Anselm Beate Benno Berthold Bruno Detlev
Dörte Eberhard Edeltraud Ekkehard Elisabeth Emil Emilia Erna Frauke Friedhelm Gunther Hagen
Hartwig Heidrun Heino Helene Henrike Hildegunde Ida Irene Jakob Jörn Kerstin Klara Knut Kuno
Leopold Liesel Lorenz Luise Malte Mathilde Mats Merle Mia Mila Nicole Ole Ottilie Reiner Rosa
Rupert Sieglinde Sigmund Theodor Till Timo Ulla Valentin Vincent Waltraut Wendelin Wilfried
Wilma Winfried Wolf Jürgen Ludwig Wolfgang Amadeus Gottlieb Ferdinand Gerhard Hannah Lina Emma Mia Ben Paul Leon Elias Noah Luis Jannik Lennart Luca Lasse Finn Fynn Mattis Hendrik Tjark Imke Insa
Frerk Greta Ilka Gesa Kerstin Wiebke Maren Malin
`;

const SPANISH_PORTUGUESE = `
Adela Adolfo Adrián Agustín Alba Alberto Alejandra Alejandro Alfonso Alfredo Alicia Álvaro Amparo
Ana Andrés Ángel Ángela Ángeles Antonia Antonio Araceli Ariadna Armando Arturo Aurora Beatriz
Begoña Belén Benito Bernardo Blanca Borja Carla Carlos Carmen Carolina Catalina Cayetana Celia
Cristina Cristóbal Daniela Diego Dolores Eduardo Elena Elisa Elvira Emilio Encarnación Enrique
Esperanza Esteban Estefanía Eugenia Eva Federico Felipe Fernanda Fernando Francisca Francisco
Gabriela Gerardo Gloria Gonzalo Guadalupe Guillermo Gustavo Héctor Hugo Ignacio Inés Inmaculada
Irene Isabel Ismael Jaime Javier Jesús Joaquín Jorge José Josefa Juan Juana Julia Julián Julio
Laura Leticia Lorena Lorenzo Lucía Luis Luisa Lourdes Macarena Manuel Manuela Marcos Margarita
María Mariano Marina Mario Marta Martín Mateo Matías Mercedes Miguel Milagros Mónica Montserrat
Natalia Nerea Nicolás Noelia Nuria Olga Óscar Pablo Paloma Patricia Paula Pedro Pilar Rafael
Raquel Ramón Raúl Rebeca Remedios Ricardo Roberto Rocío Rodrigo Rosa Rosario Rubén Salvador
Samuel Santiago Sara Sergio Silvia Sofía Soledad Sonia Susana Teresa Tomás Valentina Verónica
Vicente Víctor Virginia Ximena Yolanda Zoe Abril Agustina Aitana Alma Amaia Ainhoa Aitor Asier
Bruno Camila Candela Consuelo Dario Emiliano Esmeralda Facundo Florencia Gael Gorka Iker Itziar
Jimena Josefina Leire Lola Lucas Luciana Maite Martina Mikel Milagros Nahia Pau Renata Rocío
Sebastián Thiago Unai Valeria Xavi Yago Íñigo Íker Joana Joao João Gonçalo Gonçalves Afonso
Beatriz Bernardo Catarina Duarte Filipa Francisca Gustavo Inês Leonor Lúcia Mafalda Matilde
Rui Tiago Vasco Vitória Conceição Graça Fátima Guilherme Henrique Leandro Luana Marcelo Rafaela
Vinícius Thaís Larissa Letícia Juliana Fabiana Caio Otávio Rodrigo Wagner Anderson Cleide
`;

const ITALIAN = `
Adriana Alberto Alessandra Alessandro Alessia Alfredo Alice Andrea Angela Angelo Anna Annalisa
Antonella Antonio Arianna Armando Aurelio Barbara Beatrice Benedetta Bruno Camilla Carla Carlo
Carolina Caterina Cesare Chiara Claudia Claudio Corrado Cristian Cristina Daniela Daniele Dario
Davide Debora Domenico Donatella Edoardo Elena Elisa Elisabetta Emanuele Emanuela Enrico Enzo
Eleonora Ettore Fabio Fabrizio Federica Federico Filippo Flavio Francesca Francesco Franco
Gabriele Gaetano Giacomo Giada Gianluca Gianni Giorgia Giorgio Giovanna Giovanni Giulia Giuliana
Giuliano Giulio Giuseppe Giuseppina Grazia Guido Ilaria Irene Lorenzo Luca Lucia Luciano Luigi
Luisa Manuela Marcello Marco Margherita Maria Mariangela Marina Mario Marisa Marta Martina
Massimo Matilde Matteo Maurizio Michela Michele Mirko Monica Nadia Nicola Noemi Ornella Paola
Paolo Patrizia Piero Pietro Raffaele Raffaella Riccardo Rita Roberta Roberto Rocco Rosa Rosanna
Rossella Salvatore Samuele Sandro Sara Serena Sergio Silvana Silvia Simona Simone Stefania
Stefano Tiziana Tommaso Umberto Valentina Valerio Vincenzo Vittoria Vittorio Walter Aldo Agnese
Alda Amedeo Ambra Annunziata Arturo Assunta Benito Bianca Brunella Carmela Carmine Concetta
Cosimo Dante Donato Ennio Ermanno Fiorella Gemma Gennaro Gianfranco Gianmarco Ginevra Giancarlo
Gino Giordano Ignazio Immacolata Lea Leonardo Letizia Lidia Livia Loredana Ludovica Marcella
Mattia Nunzia Ottavio Pasquale Pierluigi Pierpaolo Renato Rebecca Rosaria Sabrina Santo Teresa
Tullio Ugo Viola Virginia Vito Nicolò Niccolò Gioele Tommasina Ludovico Beniamino Achille
`;

const ARABIC_ORIGIN = `
Abdallah Abdel Abdelaziz Abdelkader Abdelkrim Abdellah Abdelhak Abderrahim Abderrahmane Abdou
Abdoul Abdul Abdullah Abdulrahman Adam Adel Adil Ahmad Ahmed Aïcha Aicha Aïda Aïssa Aisha Akram
Ali Alia Amal Amani Amel Amina Amine Amir Amira Anas Anouar Asma Assia Aya Ayman Ayoub Aziz Bachir
Bilal Brahim Chaïma Chaima Chakib Chérif Dalia Djamel Djamila Dounia Driss Farah Farid Farida
Fatiha Fatima Fatma Fayçal Fouad Ghali Habib Hadi Hafid Hafsa Hakim Halima Hamid Hamza Hana Hanane
Hassan Hatem Hayat Hicham Hind Hocine Houda Houssam Hussein Ibrahim Ilias Ilyes Imane Imen Inès
Ismaël Ismail Jamal Jamel Jamila Jawad Kader Kamal Kamel Karim Karima Khadija Khaled Khalid
Khalil Latifa Layla Leila Leïla Lina Lotfi Lounes Mahmoud Malek Malika Mariam Marwa Maryam
Maryem Medhi Mehdi Meriem Mohamed Mohammed Mohammad Mokhtar Mona Mostafa Mounir Mourad Moussa
Mustapha Mustafa Nabil Nacer Nadia Nadir Naïma Naima Najib Najat Nasser Nawal Nesrine Nora Nour
Noura Omar Othmane Oussama Rachid Rachida Rania Rayan Reda Redouane Riad Rida Rim Rokia Sabrina
Saïd Said Saïda Salah Salim Salima Salma Samia Samir Samira Sana Selim Sami Sarah Soufiane Souad
Sofiane Sonia Soraya Sofia Tarek Tarik Wafa Walid Wassim Yacine Yahia Yasmina Yasmine Yassine
Younes Youssef Yousra Yusuf Zakaria Zineb Zohra Zoubir Zahra Zeynep Ayşe Emre Mehmet Mustafa
Ahmet Elif Burak Cem Deniz Ece Kerem Murat Özlem Selin Serkan Tuğba Yusuf Hülya Can Merve Esra
Aminata Awa Fatoumata Mamadou Moussa Oumar Ousmane Seydou Souleymane Aboubacar Boubacar Ibrahima
Mariama Kadiatou Djénéba Adama Alassane Cheikh Modou Ndeye Coumba Bintou Salif Issa Lamine Sékou
Kofi Kwame Ama Abena Chidi Chinedu Ngozi Oluwaseun Tunde Adebayo Folake Emeka Amara Zainab Yaw
`;

const OTHER = `
Aleksandr Alexei Anastasia Andrei Anton Boris Dmitri Dmitry Ekaterina Elena Galina Igor Irina
Ivan Katarzyna Krzysztof Magdalena Małgorzata Marek Marta Mikhail Natalia Natasha Nikolai Oksana
Olga Pavel Piotr Sergei Sergey Svetlana Tatiana Tomasz Vladimir Yulia Yuri Agnieszka Anna Jakub
Kamil Łukasz Michał Paweł Wojciech Zofia Bogdan Dragan Goran Milan Nikola Stefan Vesna Zoran
Ana Ioana Andreea Mihai Cristian Florin Gheorghe Ionuț Vlad Adrian Bogdana Dorota Ewa Jan
Jiří Petr Tereza Lucie Zuzana Ondřej Lars Anders Erik Henrik Ingrid Astrid Sven Nils Karin
Sigrid Bjørn Freja Mette Søren Mads Jens Frida Elin Ebba Agnes Oskar Hugo Linnea Saga Matti
Mikko Aino Eero Juha Pekka Sanna Tuomas Niels Bram Daan Femke Joost Jeroen Maarten Sanne Pieter
Ruud Wouter Lieke Anouk Sven Thijs Lotte Aoife Ciara Ciarán Eoin Oisín Saoirse Siobhan Sinead
Padraig Grainne Dermot Eamon Fergus Kieran Iain Ailsa Eilidh Morag Alasdair Catriona Dafydd Gethin
Angharad Bronwen Wei Li Ming Hui Jing Xiao Yan Lei Jun Hao Yu Chen Fang Lin Mei Ling Qiang Hong
Hiroshi Takashi Kenji Yuki Haruto Sakura Yui Aiko Akira Daiki Kaito Ren Sora Taro Hana Emi
Minjun Jiwoo Seojun Jisoo Minji Seoyeon Hyun Jae Sung Priya Raj Rahul Amit Anjali Arjun Deepak
Divya Gaurav Kavya Krishna Lakshmi Neha Pooja Rajesh Ravi Rohan Sanjay Sunil Suresh Vikram
Vijay Aditi Ananya Ishaan Karan Nikhil Pradeep Sneha Aarav Vivaan Aditya Sai Meera Nisha Shreya
Anh Linh Minh Huong Thanh Tuan Nguyen Duc Thao Mai Nam Kalani Keanu Leilani Mateus Thanh Siddharth
Rohit Varun Tanvi Farhan Imran Ayesha Fahad Hina Sadia Zeeshan Usman Kiran Asif Bushra
`;

const ALL = [ENGLISH, FRENCH, GERMAN, SPANISH_PORTUGUESE, ITALIAN, ARABIC_ORIGIN, OTHER];

/** The curated given names, as written (accents and case kept). */
export const FIRST_NAMES: readonly string[] = ALL.join(' ')
  .split(/\s/)
  .filter((n) => n.length > 0);

/**
 * Dutch product copy, assembled from sentences per kind, material and fit. Sentences avoid
 * articles that depend on the noun's gender, so any name fits any template.
 */
import type { Rng } from "./demo-random.ts";
import type { ProductKind } from "./palette.ts";

const INTRO: Record<ProductKind, readonly string[]> = {
  shirt: [
    "Dit overhemd van {brand} draag je net zo makkelijk naar kantoor als op een zomerse zaterdag.",
    "Een overhemd met oog voor detail: {brand} werkt met een stevige kraag en parelmoeren knopen.",
  ],
  tshirt: [
    "Een basis die je elke week draagt: dit shirt van {brand} houdt na vele wasbeurten zijn vorm.",
    "Dit shirt van {brand} is zacht, stevig en precies goed van lengte.",
  ],
  polo: [
    "Deze polo van {brand} staat verzorgd onder een colbert en ontspannen op het terras.",
    "Een klassieker van {brand} met een kraag die in model blijft.",
  ],
  sweater: [
    "Deze trui van {brand} is licht genoeg voor kantoor en warm genoeg voor een winterwandeling.",
    "Fijn gebreid door {brand}, met ribboorden die hun vorm houden.",
  ],
  cardigan: [
    "Dit vest van {brand} draag je over een overhemd of T-shirt, open of dichtgeknoopt.",
    "Een vest van {brand} dat een colbert kan vervangen op vrijdag.",
  ],
  jacket: [
    "Deze jas van {brand} gaat mee van vroege herfst tot late lente.",
    "Een jas met karakter: {brand} ontwierp hem voor de stad en het weekend.",
  ],
  coat: [
    "Een lange jas van {brand} die een pak en een trui even mooi afmaakt.",
    "Deze jas van {brand} is het pronkstuk van je wintergarderobe.",
  ],
  trousers: [
    "Deze broek van {brand} valt recht en netjes, met een comfortabele tailleband.",
    "Een veelzijdige broek van {brand}: met sneakers of met nette schoenen.",
  ],
  jeans: [
    "Een jeans van {brand} die mooier wordt naarmate je hem vaker draagt.",
    "Deze jeans van {brand} heeft vijf zakken, een knoopsluiting en een stevige denim.",
  ],
  suit: [
    "Strak gesneden door {brand}, met een half gevoerd jasje en een zachte schouder.",
    "Een model van {brand} voor kantoor, bruiloft en alles wat om een verzorgde look vraagt.",
  ],
  sneaker: [
    "Deze sneaker van {brand} is minimalistisch, licht en comfortabel de hele dag.",
    "Een sneaker van {brand} met een zachte binnenzool en een stevige rubberen loopzool.",
  ],
  "dress-shoe": [
    "Een nette schoen van {brand}, Goodyear welted en dus opnieuw te zolen.",
    "Deze schoen van {brand} is met de hand afgewerkt en gepolijst.",
  ],
  boot: [
    "Deze boot van {brand} heeft een profielzool die grip geeft op natte straten.",
    "Een boot van {brand} die onder een jeans en een pantalon even goed staat.",
  ],
  loafer: [
    "Deze loafer van {brand} stap je zo in, zonder veters en zonder gedoe.",
    "Een loafer van {brand} met een soepele binnenkant, ook zonder sokken prettig.",
  ],
  belt: [
    "Een riem van {brand} met een geborstelde metalen gesp.",
    "Deze riem van {brand} maakt een chino of jeans af.",
  ],
  socks: [
    "Sokken van {brand} met een naadloze teen en een boord die niet afzakt.",
    "Deze sokken van {brand} zijn versterkt op hiel en teen.",
  ],
  scarf: [
    "Een sjaal van {brand} die warm is zonder te kriebelen.",
    "Deze sjaal van {brand} heeft fijne franjes en een royale lengte.",
  ],
  bag: [
    "Een tas van {brand} met een gevoerde binnenkant en handige binnenvakken.",
    "Deze tas van {brand} gaat jaren mee en wordt alleen maar mooier.",
  ],
};

const MATERIAL: Record<string, string> = {
  katoen: "Gemaakt van zacht, ademend katoen.",
  "biologisch katoen": "Gemaakt van biologisch katoen, geteeld zonder kunstmest en bestrijdingsmiddelen.",
  stretchkatoen: "Het katoen bevat een beetje elastaan, zodat je vrij kunt bewegen.",
  linnen: "Het linnen is licht en koel, en kreukt op de mooie manier.",
  wol: "De wol is warm, ademend en van nature vuilafstotend.",
  merinowol: "Merinowol is fijn, kriebelt niet en reguleert je temperatuur.",
  lamswol: "Lamswol is zacht, warm en wordt mooier na elke wasbeurt.",
  kasjmier: "Kasjmier is licht, uitzonderlijk zacht en verrassend warm.",
  leer: "Het volnerf leer krijgt met de jaren een mooi patina.",
  suède: "Het suède is zacht en behandeld tegen vocht en vlekken.",
  denim: "Het denim is stevig geweven en heeft een subtiele wassing.",
  canvas: "Het stevige canvas kan tegen een stootje.",
  "polyester gerecycled": "Gemaakt van gerecycled polyester, onder meer uit oude petflessen.",
  nylon: "Het nylon is licht, sterk en waterafstotend.",
  bamboe: "Bamboeviscose voelt zijdezacht en neemt vocht goed op.",
  zijde: "De zijde valt soepel en heeft een subtiele glans.",
};

const FIT: Record<string, string> = {
  "extra slim fit": "De extra slim fit sluit nauw aan, voor een strak silhouet.",
  "slim fit": "De slim fit sluit mooi aan op het lichaam zonder te knellen.",
  "tailored fit": "De tailored fit valt verzorgd, net tussen slim en regular in.",
  "regular fit": "De regular fit geeft een klassieke pasvorm met wat meer bewegingsruimte.",
  "relaxed fit": "De relaxed fit is ruim en ontspannen, ideaal voor het weekend.",
  "straight fit": "De straight fit loopt recht af van heup tot enkel.",
  "tapered fit": "De tapered fit is ruim bij de heup en versmalt naar de enkel.",
};

const TIP: Record<ProductKind, string> = {
  shirt: "Combineer met een chino en loafers, of draag het los over een T-shirt.",
  tshirt: "Draag het onder een overshirt of colbert voor een smart casual look.",
  polo: "Mooi met een chino in beige of navy en witte sneakers.",
  sweater: "Draag de trui over een overhemd met button-down kraag.",
  cardigan: "Combineer met een T-shirt en jeans voor een ontspannen look.",
  jacket: "Het model valt net over de heup, ook goed over een trui.",
  coat: "Ruim genoeg voor een colbert eronder.",
  trousers: "De pijpen kunnen kosteloos worden ingekort in onze winkels.",
  jeans: "Was binnenstebuiten op 30 graden, zo blijft de kleur mooi.",
  suit: "Het colbert en de broek zijn ook los te combineren.",
  sneaker: "Met een losse inlegzool, handig voor wie extra steun wil.",
  "dress-shoe": "Poets regelmatig met schoencrème in dezelfde kleur.",
  boot: "Valt normaal op maat; twijfel je, kies dan de kleinere maat.",
  loafer: "Valt normaal op maat en rekt iets mee bij het dragen.",
  belt: "Geschikt voor broeklussen tot 4 centimeter.",
  socks: "Wasbaar op 40 graden.",
  scarf: "Afmeting ongeveer 180 bij 30 centimeter.",
  bag: "Past moeiteloos onder de stoel in het vliegtuig.",
};

export interface CopyInput {
  kind: ProductKind;
  name: string;
  brand: string;
  material: string;
  fit: string | undefined;
}

export function productCopy(rng: Rng, p: CopyInput): { description: string; short_description: string } {
  const sentences = [rng.pick(INTRO[p.kind]).replace("{brand}", p.brand), MATERIAL[p.material]!];
  if (p.fit) sentences.push(FIT[p.fit]!);
  if (sentences.length < 3 || rng.chance(0.6)) sentences.push(TIP[p.kind]);
  const fit = p.fit && !p.name.toLowerCase().includes(p.fit) ? ` in ${p.fit}` : "";
  return {
    description: `<p>${sentences.join(" ")}</p>`,
    short_description: `${p.name} van ${p.brand}${fit}, gemaakt van ${p.material}.`,
  };
}

/**
 * What each category sells, as tables a merchandiser could read: one style per row, with its
 * drawing, price range (including tax), materials, fits, colours and extra attributes. The
 * generator turns each style into many products by varying brand, fit, material and colour.
 *
 * Row format: `name | kind | min-max | materials | fits | colours | extras`
 * - `{fit}` in a name becomes the chosen fit ("Slim fit overhemd Oxford").
 * - fits are short ("slim" means "slim fit"); "-" means the style has no fit.
 * - extras are `code=label` pairs separated by ";" and override the plan's defaults.
 */
import { EXTRA_ATTRIBUTES, FITS, hasOption } from "./demo-attributes.ts";
import type { LeafKey } from "./demo-categories.ts";
import { COLORS, type ColorKey, PRODUCT_KINDS, type ProductKind } from "./palette.ts";

/** How a style is sized: letters XS–XXL, shoe sizes, waist/length, belt lengths, sock sizes, or one size. */
export type SizeScheme = "letters" | "shoes" | "waist" | "belt" | "socks" | "one";

type ExtraCode = (typeof EXTRA_ATTRIBUTES)[number];

export interface Style {
  name: string;
  kind: ProductKind;
  min: number;
  max: number;
  materials: string[];
  fits: string[];
  colors: ColorKey[];
  extras: Partial<Record<ExtraCode, string>>;
}

export interface LeafPlan {
  leaf: LeafKey;
  /** Sku prefix, so a sku says what it is ("OVH1003" is a shirt). */
  code: string;
  type: "configurable" | "simple";
  parents: number;
  sizes: SizeScheme;
  styles: Style[];
}

function parseExtras(text: string): Partial<Record<ExtraCode, string>> {
  const extras: Partial<Record<ExtraCode, string>> = {};
  for (const pair of text.split(";").map((s) => s.trim())) {
    if (!pair) continue;
    const [code, label] = pair.split("=").map((s) => s.trim()) as [ExtraCode, string];
    if (!EXTRA_ATTRIBUTES.includes(code) || !hasOption(code, label)) {
      throw new Error(`demo catalogue: bad extra "${pair}"`);
    }
    extras[code] = label;
  }
  return extras;
}

function parseRow(row: string, defaults: Partial<Record<ExtraCode, string>>): Style {
  const [name, kind, price, materials, fits, colors, extras = ""] = row.split("|").map((c) => c.trim());
  if (!name || !kind || !price || !materials || !fits || !colors)
    throw new Error(`demo catalogue: bad row "${row}"`);
  if (!(PRODUCT_KINDS as readonly string[]).includes(kind)) throw new Error(`demo catalogue: kind "${kind}"`);
  const [min, max] = price.split("-").map(Number) as [number, number];
  const style: Style = {
    name,
    kind: kind as ProductKind,
    min,
    max,
    materials: materials.split(",").map((m) => m.trim()),
    fits: fits === "-" ? [] : fits.split(",").map((f) => `${f.trim()} fit`),
    colors: colors.split(/\s+/) as ColorKey[],
    extras: { ...defaults, ...parseExtras(extras) },
  };
  for (const m of style.materials)
    if (!hasOption("material", m)) throw new Error(`demo catalogue: material "${m}"`);
  for (const f of style.fits)
    if (!(FITS as readonly string[]).includes(f)) throw new Error(`demo catalogue: fit "${f}"`);
  for (const c of style.colors)
    if (!COLORS.some((x) => x.key === c)) throw new Error(`demo catalogue: colour "${c}"`);
  return style;
}

/** A plan's header, then its table as a tagged template (so the formatter leaves the columns alone). */
function plan(
  leaf: LeafKey,
  code: string,
  type: LeafPlan["type"],
  parents: number,
  sizes: SizeScheme,
  defaults: string,
) {
  return (table: TemplateStringsArray): LeafPlan => {
    const rows = table
      .join("")
      .split("\n")
      .map((r) => r.trim())
      .filter(Boolean);
    const base = parseExtras(defaults);
    return { leaf, code, type, parents, sizes, styles: rows.map((r) => parseRow(r, base)) };
  };
}

/** Defaults for the extra attributes, per family of styles; a row's extras override them. */
const SHIRT = "sleeve_length=lange mouw; pattern=effen; collar=semi-cutaway";
const TOP = "sleeve_length=korte mouw; pattern=effen; collar=ronde hals";
const KNIT = "sleeve_length=lange mouw; pattern=effen; collar=ronde hals";
const OUTER = "sleeve_length=lange mouw; pattern=effen; collar=opstaande kraag";
const TAILORED = "sleeve_length=lange mouw; pattern=effen; collar=reverskraag";
const PLAIN = "pattern=effen";

export const PLANS: readonly LeafPlan[] = [
  plan("overhemden", "OVH", "configurable", 230, "letters", SHIRT)`
    {fit} overhemd Oxford            | shirt | 59.95-89.95  | katoen            | slim,regular,tailored            | wit lichtblauw blauw roze navy        | collar=button-down
    {fit} overhemd popeline          | shirt | 49.95-99.95  | katoen            | extra slim,slim,regular,tailored | wit lichtblauw roze blauw             | collar=cutaway
    {fit} overhemd twill             | shirt | 69.95-119.95 | katoen            | slim,tailored,regular            | wit lichtblauw blauw navy             |
    {fit} linnen overhemd            | shirt | 69.95-109.95 | linnen            | slim,regular,relaxed             | wit beige lichtblauw olijf navy       | collar=button-down
    {fit} flanellen overhemd geruit  | shirt | 59.95-89.95  | katoen            | regular,relaxed                  | rood groen navy bruin grijs bordeaux  | pattern=geruit; collar=button-down
    {fit} overhemd fijne streep      | shirt | 59.95-99.95  | katoen            | slim,tailored,regular            | blauw lichtblauw roze                 | pattern=gestreept
    {fit} denim overhemd             | shirt | 69.95-99.95  | denim             | slim,regular                     | blauw lichtblauw navy                 | collar=button-down
    {fit} overhemd korte mouw print  | shirt | 49.95-79.95  | katoen,linnen     | regular,relaxed                  | wit beige lichtblauw groen olijf      | sleeve_length=korte mouw; pattern=print; collar=kent
    {fit} overhemd mouwlengte 7      | shirt | 69.95-99.95  | katoen            | slim,regular                     | wit lichtblauw                        | sleeve_length=extra lange mouw; collar=cutaway
    {fit} smokingoverhemd            | shirt | 89.95-129.95 | katoen            | slim,tailored                    | wit zwart                             | collar=kent
    Overshirt                        | shirt | 79.95-129.95 | wol,katoen        | regular,relaxed                  | olijf navy bruin grijs antraciet beige | collar=kent
    {fit} overhemd biologisch katoen | shirt | 59.95-89.95  | biologisch katoen | slim,regular                     | wit lichtblauw groen beige            | collar=button-down
    {fit} overhemd microprint        | shirt | 59.95-99.95  | katoen            | slim,tailored                    | wit lichtblauw navy                   | pattern=print
  `,
  plan("tshirts", "TSP", "configurable", 210, "letters", TOP)`
    T-shirt ronde hals         | tshirt | 19.95-39.95  | katoen,biologisch katoen | slim,regular     | wit zwart navy grijs beige groen olijf bordeaux |
    T-shirt V-hals             | tshirt | 19.95-34.95  | katoen,stretchkatoen     | slim,regular     | wit zwart navy grijs antraciet                  | collar=V-hals
    T-shirt met borstzak       | tshirt | 24.95-39.95  | katoen                   | regular,relaxed  | wit navy olijf beige grijs                      |
    Longsleeve                 | tshirt | 29.95-49.95  | katoen                   | slim,regular     | wit zwart navy grijs                            | sleeve_length=lange mouw
    T-shirt met print          | tshirt | 24.95-44.95  | biologisch katoen        | regular,relaxed  | wit zwart navy beige                            | pattern=print
    T-shirt 2-pack             | tshirt | 29.95-44.95  | katoen                   | slim,regular     | wit zwart navy grijs                            |
    Henley shirt               | tshirt | 34.95-54.95  | katoen                   | slim,regular     | wit navy antraciet olijf bordeaux               |
    Merino T-shirt             | tshirt | 59.95-89.95  | merinowol                | slim,regular     | zwart navy grijs antraciet                      |
    Gestreept T-shirt          | tshirt | 29.95-49.95  | katoen                   | regular          | navy wit rood                                   | pattern=gestreept
    Piqué polo                 | polo   | 39.95-79.95  | katoen                   | slim,regular     | wit navy zwart lichtblauw roze groen bordeaux geel | collar=polokraag
    Polo lange mouw            | polo   | 54.95-89.95  | katoen                   | slim,regular     | navy wit antraciet bordeaux                     | collar=polokraag; sleeve_length=lange mouw
    Gebreide polo              | polo   | 69.95-109.95 | merinowol,katoen         | slim,regular     | navy beige bruin groen antraciet                | collar=polokraag
    Polo biologisch katoen     | polo   | 44.95-69.95  | biologisch katoen        | regular          | wit navy groen olijf                            | collar=polokraag
    Rugbyshirt                 | polo   | 69.95-99.95  | katoen                   | regular,relaxed  | navy groen bordeaux                             | collar=polokraag; pattern=gestreept; sleeve_length=lange mouw
  `,
  plan("truien", "TRV", "configurable", 160, "letters", KNIT)`
    Merino trui ronde hals | sweater  | 79.95-129.95  | merinowol                | slim,regular    | navy grijs antraciet zwart bordeaux groen beige |
    Merino trui V-hals     | sweater  | 79.95-129.95  | merinowol                | slim,regular    | navy grijs antraciet bordeaux                   | collar=V-hals
    Kasjmier trui          | sweater  | 149.95-249    | kasjmier                 | regular         | navy grijs beige bruin antraciet                |
    Lamswollen trui        | sweater  | 69.95-109.95  | lamswol                  | regular         | navy grijs groen bordeaux beige                 |
    Kabeltrui              | sweater  | 89.95-149.95  | wol                      | regular,relaxed | wit beige navy groen grijs                      | pattern=kabelmotief
    Merino coltrui         | sweater  | 79.95-139.95  | merinowol                | slim,regular    | zwart navy antraciet beige                      | collar=col
    Sweater                | sweater  | 49.95-89.95   | katoen,biologisch katoen | regular,relaxed | grijs navy zwart groen beige                    | pattern=melange
    Hoodie                 | sweater  | 59.95-99.95   | katoen,biologisch katoen | regular,relaxed | grijs zwart navy olijf beige                    | collar=capuchon
    Schipperstrui          | sweater  | 79.95-129.95  | wol,merinowol            | regular         | navy antraciet beige bruin                      | collar=schipperskraag
    Katoenen trui          | sweater  | 59.95-89.95   | katoen                   | regular         | navy beige lichtblauw geel groen                |
    Vest met knopen        | cardigan | 89.95-139.95  | merinowol                | regular,slim    | navy grijs antraciet bruin                      | collar=V-hals
    Gebreid vest met rits  | cardigan | 99.95-149.95  | wol                      | regular         | navy grijs bruin groen                          | collar=opstaande kraag
    Kasjmier vest          | cardigan | 179.95-279    | kasjmier                 | regular         | navy grijs beige                                | collar=V-hals
    Sweatvest              | cardigan | 59.95-89.95   | katoen                   | regular,relaxed | grijs navy zwart                                | collar=capuchon
    Vest met sjaalkraag    | cardigan | 109.95-169.95 | lamswol                  | regular         | beige bruin navy antraciet                      | collar=sjaalkraag
  `,
  plan("jassen", "JAS", "configurable", 100, "letters", OUTER)`
    Gewatteerde jas     | jacket | 129.95-229    | polyester gerecycled,nylon  | regular         | zwart navy olijf antraciet    |
    Bomberjack          | jacket | 99.95-179.95  | nylon                       | regular         | zwart navy olijf              |
    Suède jack          | jacket | 299-449       | suède                       | regular,slim    | bruin cognac beige            | collar=kent
    Leren jack          | jacket | 299-449       | leer                        | slim            | zwart bruin cognac            | collar=kent
    Spijkerjack         | jacket | 89.95-129.95  | denim                       | regular         | blauw lichtblauw zwart        | collar=kent
    Field jacket        | jacket | 149.95-229    | katoen                      | regular         | olijf beige navy              | collar=kent
    Regenjas            | jacket | 99.95-179.95  | polyester gerecycled        | regular         | navy zwart geel olijf         | collar=capuchon
    Bodywarmer          | jacket | 79.95-149.95  | nylon,polyester gerecycled  | regular         | navy zwart olijf bordeaux     | sleeve_length=mouwloos
    Harrington jack     | jacket | 119.95-179.95 | katoen                      | regular,slim    | beige navy groen              |
    Wollen overjas      | coat   | 199-399       | wol                         | tailored,regular | navy antraciet grijs beige bruin | collar=reverskraag
    Kasjmier overjas    | coat   | 349-449       | kasjmier                    | tailored        | navy antraciet beige          | collar=reverskraag
    Trenchcoat          | coat   | 199-299       | katoen                      | regular         | beige navy                    | collar=reverskraag
    Parka               | coat   | 199-349       | polyester gerecycled,katoen | regular         | olijf navy zwart              | collar=capuchon
    Peacoat             | coat   | 199-299       | wol                         | slim,regular    | navy zwart antraciet          | collar=reverskraag
    Duffelcoat          | coat   | 229-329       | wol                         | regular         | beige navy groen              | collar=capuchon
  `,
  plan("broeken", "BRK", "configurable", 110, "waist", PLAIN)`
    Chino stretch          | trousers | 69.95-99.95   | stretchkatoen | slim,regular,tapered  | beige navy olijf grijs zwart bruin |
    Chino                  | trousers | 59.95-89.95   | katoen        | slim,regular          | beige navy olijf groen             |
    {fit} pantalon         | trousers | 99.95-149.95  | wol           | slim,tailored,regular | antraciet grijs navy zwart         |
    Pantalon met bandplooi | trousers | 109.95-159.95 | wol           | relaxed,regular       | grijs beige bruin navy             |
    Linnen broek           | trousers | 69.95-109.95  | linnen        | regular,relaxed       | beige wit navy olijf               |
    Cargobroek             | trousers | 69.95-99.95   | katoen        | relaxed,regular       | olijf beige zwart                  |
    Ribbroek               | trousers | 79.95-109.95  | katoen        | regular,slim          | bruin beige groen bordeaux navy    |
    Jogger                 | trousers | 49.95-79.95   | katoen        | tapered               | grijs zwart navy olijf             |
    Pantalon pied-de-poule | trousers | 119.95-159.95 | wol           | slim,tailored         | grijs bruin                        | pattern=pied-de-poule
  `,
  plan("jeans", "JNS", "configurable", 90, "waist", PLAIN)`
    {fit} jeans stretch           | jeans | 79.95-119.95 | denim             | slim,extra slim,tapered  | blauw navy lichtblauw zwart      |
    {fit} jeans                   | jeans | 69.95-109.95 | denim             | straight,regular,relaxed | blauw navy lichtblauw zwart grijs |
    {fit} selvedge jeans          | jeans | 149.95-199   | denim             | slim,straight,tapered    | navy blauw                       |
    {fit} jeans biologisch katoen | jeans | 89.95-129.95 | biologisch katoen | slim,straight            | blauw lichtblauw                 |
    {fit} washed jeans            | jeans | 79.95-119.95 | denim             | tapered,regular          | lichtblauw blauw grijs antraciet |
  `,
  plan("pakken", "PAK", "configurable", 60, "letters", TAILORED)`
    {fit} pak wol           | suit | 299-499      | wol       | slim,tailored,regular | navy antraciet grijs zwart blauw |
    {fit} pak merinowol     | suit | 349-599      | merinowol | slim,tailored         | navy antraciet grijs             |
    {fit} linnen pak        | suit | 299-449      | linnen    | slim,regular          | beige lichtblauw navy            |
    {fit} smoking           | suit | 449-599      | wol       | slim,tailored         | zwart navy                       | collar=sjaalkraag
    {fit} colbert           | suit | 199-349      | wol       | slim,tailored,regular | navy grijs bruin groen blauw     |
    {fit} tweed colbert     | suit | 249-379      | wol       | tailored,regular      | bruin groen grijs                | pattern=visgraat
    {fit} linnen colbert    | suit | 199-299      | linnen    | slim,regular          | beige navy lichtblauw            |
    {fit} fluwelen colbert  | suit | 249-349      | katoen    | slim,tailored         | bordeaux navy groen zwart        |
    {fit} geruit colbert    | suit | 229-349      | wol       | slim,tailored         | grijs bruin navy                 | pattern=geruit
    Gilet                   | suit | 79.95-129.95 | wol       | slim                  | navy antraciet grijs             | sleeve_length=mouwloos; collar=V-hals
  `,
  plan("sneakers", "SNK", "configurable", 150, "shoes", PLAIN)`
    Leren sneaker   | sneaker | 99.95-179.95 | leer                 | - | wit zwart navy cognac        |
    Suède sneaker   | sneaker | 99.95-169.95 | suède                | - | beige navy grijs bruin groen |
    Canvas sneaker  | sneaker | 59.95-89.95  | canvas               | - | wit navy zwart rood olijf    |
    Runner          | sneaker | 89.95-149.95 | polyester gerecycled | - | grijs zwart navy wit         |
    Hoge sneaker    | sneaker | 119.95-179.95 | leer                | - | wit zwart bruin              |
    Slip-on sneaker | sneaker | 59.95-89.95  | canvas               | - | wit zwart navy               |
    Retro sneaker   | sneaker | 99.95-149.95 | suède,leer           | - | groen bordeaux navy grijs    |
    Tennissneaker   | sneaker | 89.95-139.95 | leer                 | - | wit groen navy               |
  `,
  plan("netteSchoenen", "NSC", "configurable", 80, "shoes", PLAIN)`
    Oxford schoen     | dress-shoe | 149.95-249    | leer  | - | zwart bruin cognac bordeaux |
    Derby schoen      | dress-shoe | 129.95-219.95 | leer  | - | zwart bruin cognac          |
    Brogue            | dress-shoe | 149.95-249    | leer  | - | bruin cognac zwart          |
    Monk strap schoen | dress-shoe | 169.95-249    | leer  | - | bruin zwart cognac bordeaux |
    Suède derby       | dress-shoe | 129.95-199.95 | suède | - | bruin navy grijs            |
    Lakschoen         | dress-shoe | 149.95-199.95 | leer  | - | zwart                       |
  `,
  plan("boots", "BOT", "configurable", 70, "shoes", PLAIN)`
    Suède chelsea boot | boot | 129.95-199.95 | suède      | - | bruin beige zwart navy grijs |
    Leren chelsea boot | boot | 149.95-229    | leer       | - | zwart bruin cognac           |
    Veterboot          | boot | 149.95-229    | leer       | - | bruin cognac zwart           |
    Desert boot        | boot | 109.95-159.95 | suède      | - | beige bruin navy             |
    Worker boot        | boot | 169.95-249    | leer       | - | bruin zwart cognac           |
    Gevoerde veterboot | boot | 149.95-219.95 | leer,suède | - | bruin zwart                  |
  `,
  plan("loafers", "LOA", "configurable", 50, "shoes", PLAIN)`
    Penny loafer  | loafer | 119.95-199.95 | leer       | - | bruin cognac zwart bordeaux |
    Suède loafer  | loafer | 109.95-179.95 | suède      | - | bruin navy beige groen      |
    Tassel loafer | loafer | 129.95-199.95 | leer,suède | - | bruin bordeaux zwart        |
    Bootschoen    | loafer | 89.95-139.95  | leer       | - | bruin navy cognac           |
    Mocassin      | loafer | 89.95-149.95  | suède      | - | beige bruin navy            |
  `,
  plan("riemen", "RIE", "configurable", 30, "belt", PLAIN)`
    Leren riem          | belt | 39.95-79.95 | leer  | - | zwart bruin cognac |
    Suède riem          | belt | 44.95-69.95 | suède | - | bruin navy beige   |
    Leren pantalonriem  | belt | 49.95-89.95 | leer  | - | zwart bruin        |
  `,
  plan("riemen", "RIE", "simple", 40, "one", PLAIN)`
    Gevlochten elastische riem | belt | 29.95-49.95 | polyester gerecycled | - | navy bruin zwart groen beige |
    Gevlochten leren riem      | belt | 49.95-79.95 | leer                 | - | bruin cognac zwart           |
    Canvas riem                | belt | 24.95-39.95 | canvas               | - | navy olijf beige zwart       |
  `,
  plan("sokken", "SOK", "configurable", 30, "socks", PLAIN)`
    Sokken katoen      | socks | 9.95-14.95  | katoen    | - | zwart navy grijs antraciet bruin bordeaux |
    Merino sokken      | socks | 14.95-19.95 | merinowol | - | navy antraciet grijs bordeaux groen       |
    Gestreepte sokken  | socks | 12.95-17.95 | katoen    | - | navy rood geel groen oranje blauw         | pattern=gestreept
    Bamboe sokken      | socks | 12.95-17.95 | bamboe    | - | zwart navy grijs                          |
    Sokken met stippen | socks | 12.95-17.95 | katoen    | - | navy bordeaux groen paars                 | pattern=stippen
  `,
  plan("sokken", "SOK", "simple", 35, "socks", PLAIN)`
    Sokken 3-pack          | socks | 17.95-24.95 | katoen            | - | zwart navy grijs          |
    Sneakersokken 3-pack   | socks | 14.95-19.95 | biologisch katoen | - | wit zwart grijs           |
    Wollen wandelsokken    | socks | 17.95-24.95 | wol               | - | grijs groen bruin         |
    Merino kniekousen      | socks | 19.95-24.95 | merinowol         | - | navy zwart antraciet      |
    Sokken met print       | socks | 12.95-17.95 | katoen            | - | roze geel oranje paars blauw | pattern=print
  `,
  plan("sjaals", "SJA", "simple", 70, "one", PLAIN)`
    Wollen sjaal    | scarf | 39.95-69.95  | wol           | - | navy grijs bordeaux groen bruin    |
    Kasjmier sjaal  | scarf | 99.95-149.95 | kasjmier      | - | grijs navy beige bruin bordeaux    |
    Merino sjaal    | scarf | 49.95-79.95  | merinowol     | - | antraciet navy bordeaux groen      |
    Katoenen sjaal  | scarf | 29.95-49.95  | katoen,linnen | - | lichtblauw beige navy olijf        |
    Geruite sjaal   | scarf | 44.95-69.95  | lamswol       | - | rood groen navy bruin              | pattern=geruit
    Visgraat sjaal  | scarf | 49.95-79.95  | wol           | - | grijs bruin antraciet              | pattern=visgraat
    Zijden sjaal    | scarf | 59.95-89.95  | zijde         | - | navy bordeaux groen paars          | pattern=print
  `,
  plan("tassen", "TAS", "simple", 80, "one", PLAIN)`
    Leren weekendtas  | bag | 199-299      | leer                        | - | cognac bruin zwart    |
    Canvas weekendtas | bag | 99.95-149.95 | canvas                      | - | olijf navy beige      |
    Canvas rugzak     | bag | 79.95-129.95 | canvas,polyester gerecycled | - | navy zwart olijf grijs |
    Leren rugzak      | bag | 179.95-249   | leer                        | - | cognac zwart bruin    |
    Leren laptoptas   | bag | 179.95-249   | leer                        | - | zwart bruin cognac    |
    Toilettas         | bag | 39.95-59.95  | leer,canvas                 | - | cognac bruin navy zwart |
    Schoudertas      | bag | 89.95-149.95 | leer,nylon                  | - | zwart bruin navy      |
    Documententas     | bag | 149.95-229   | leer                        | - | zwart cognac bruin    |
    Canvas shopper    | bag | 34.95-49.95  | canvas                      | - | beige navy zwart      |
  `,
];

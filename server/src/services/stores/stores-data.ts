/**
 * The built-in store list: Etalage's shops in fifteen Dutch city centres. Addresses are real
 * shopping streets; house numbers, phone numbers and mailboxes are the shop's own (fictional).
 * An operator replaces this file's data with theirs; the shape is the contract's.
 */
export interface OpeningHours {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  day: number;
  /** `HH:mm`, or null when closed that day. */
  open: string | null;
  close: string | null;
}

interface SpecialHours {
  /** `YYYY-MM-DD`. */
  date: string;
  label: string;
  open: string | null;
  close: string | null;
}

export interface Store {
  id: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  country_id: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  opening_hours: OpeningHours[];
  special_hours: SpecialHours[];
  services: string[];
}

type Week = [open: string | null, close: string | null][];

/** A city-centre week: Monday from noon, a late shopping evening, Sunday afternoon. */
function week(lateDay: number, sunday: boolean): Week {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => {
    if (day === 1) return ["12:00", "18:00"];
    if (day === 7) return sunday ? ["12:00", "17:00"] : [null, null];
    if (day === lateDay) return ["10:00", "21:00"];
    return day === 6 ? ["10:00", "17:30"] : ["10:00", "18:00"];
  });
}

/** Dutch public holidays of the coming seasons, the same for every store. */
const HOLIDAYS: SpecialHours[] = [
  { date: "2026-12-24", label: "Kerstavond", open: "10:00", close: "16:00" },
  { date: "2026-12-25", label: "Eerste kerstdag", open: null, close: null },
  { date: "2026-12-26", label: "Tweede kerstdag", open: "12:00", close: "17:00" },
  { date: "2026-12-31", label: "Oudejaarsdag", open: "10:00", close: "16:00" },
  { date: "2027-01-01", label: "Nieuwjaarsdag", open: null, close: null },
  { date: "2027-03-28", label: "Eerste paasdag", open: null, close: null },
  { date: "2027-03-29", label: "Tweede paasdag", open: "12:00", close: "17:00" },
  { date: "2027-04-27", label: "Koningsdag", open: "12:00", close: "17:00" },
  { date: "2027-05-06", label: "Hemelvaartsdag", open: "12:00", close: "17:00" },
  { date: "2027-05-16", label: "Eerste pinksterdag", open: null, close: null },
  { date: "2027-05-17", label: "Tweede pinksterdag", open: "12:00", close: "17:00" },
];

const ALL_SERVICES = ["pickup", "returns", "alterations", "shoe_care", "personal_shopping", "gift_wrapping"];

interface Row {
  id: string;
  city: string;
  street: string;
  postcode: string;
  lat: number;
  lng: number;
  phone: string;
  lateDay: number;
  sunday: boolean;
  services: string[];
  /** Days off the city's usual hours (a local fair, a renovation). */
  extra?: SpecialHours[];
}

const ROWS: Row[] = [
  {
    id: "amsterdam-kalverstraat",
    city: "Amsterdam",
    street: "Kalverstraat 112",
    postcode: "1012 PK",
    lat: 52.3695,
    lng: 4.8918,
    phone: "+31 20 555 0112",
    lateDay: 4,
    sunday: true,
    services: ALL_SERVICES,
  },
  {
    id: "rotterdam-lijnbaan",
    city: "Rotterdam",
    street: "Lijnbaan 75",
    postcode: "3012 EM",
    lat: 51.9203,
    lng: 4.4737,
    phone: "+31 10 555 0075",
    lateDay: 5,
    sunday: true,
    services: ALL_SERVICES,
  },
  {
    id: "den-haag-spuistraat",
    city: "Den Haag",
    street: "Spuistraat 38",
    postcode: "2511 BE",
    lat: 52.0779,
    lng: 4.3123,
    phone: "+31 70 555 0038",
    lateDay: 4,
    sunday: true,
    services: ["pickup", "returns", "alterations", "gift_wrapping"],
  },
  {
    id: "utrecht-oudegracht",
    city: "Utrecht",
    street: "Oudegracht 161",
    postcode: "3511 AL",
    lat: 52.0899,
    lng: 5.1197,
    phone: "+31 30 555 0161",
    lateDay: 4,
    sunday: true,
    services: ALL_SERVICES,
  },
  {
    id: "eindhoven-demer",
    city: "Eindhoven",
    street: "Demer 24",
    postcode: "5611 AS",
    lat: 51.4387,
    lng: 5.4777,
    phone: "+31 40 555 0024",
    lateDay: 5,
    sunday: true,
    services: ["pickup", "returns", "shoe_care", "gift_wrapping"],
  },
  {
    id: "groningen-herestraat",
    city: "Groningen",
    street: "Herestraat 60",
    postcode: "9711 LN",
    lat: 53.2152,
    lng: 6.5668,
    phone: "+31 50 555 0060",
    lateDay: 4,
    sunday: true,
    services: ["pickup", "returns", "alterations", "shoe_care"],
  },
  {
    id: "maastricht-grote-staat",
    city: "Maastricht",
    street: "Grote Staat 18",
    postcode: "6211 CV",
    lat: 50.8504,
    lng: 5.6915,
    phone: "+31 43 555 0018",
    lateDay: 4,
    sunday: true,
    services: ["pickup", "returns", "personal_shopping", "gift_wrapping"],
  },
  {
    id: "nijmegen-broerstraat",
    city: "Nijmegen",
    street: "Broerstraat 45",
    postcode: "6511 KL",
    lat: 51.8469,
    lng: 5.8637,
    phone: "+31 24 555 0045",
    lateDay: 4,
    sunday: false,
    services: ["pickup", "returns", "alterations"],
  },
  {
    id: "arnhem-ketelstraat",
    city: "Arnhem",
    street: "Ketelstraat 29",
    postcode: "6811 EN",
    lat: 51.9813,
    lng: 5.9086,
    phone: "+31 26 555 0029",
    lateDay: 4,
    sunday: true,
    services: ["pickup", "returns", "shoe_care"],
  },
  {
    id: "haarlem-grote-houtstraat",
    city: "Haarlem",
    street: "Grote Houtstraat 90",
    postcode: "2011 SR",
    lat: 52.3789,
    lng: 4.634,
    phone: "+31 23 555 0090",
    lateDay: 4,
    sunday: true,
    services: ALL_SERVICES,
  },
  {
    id: "breda-ginnekenstraat",
    city: "Breda",
    street: "Ginnekenstraat 33",
    postcode: "4811 JD",
    lat: 51.5866,
    lng: 4.7773,
    phone: "+31 76 555 0033",
    lateDay: 4,
    sunday: true,
    services: ["pickup", "returns", "alterations", "gift_wrapping"],
  },
  {
    id: "zwolle-diezerstraat",
    city: "Zwolle",
    street: "Diezerstraat 51",
    postcode: "8011 RJ",
    lat: 52.5128,
    lng: 6.0923,
    phone: "+31 38 555 0051",
    lateDay: 4,
    sunday: false,
    services: ["pickup", "returns", "shoe_care"],
  },
  {
    id: "leiden-haarlemmerstraat",
    city: "Leiden",
    street: "Haarlemmerstraat 140",
    postcode: "2312 GD",
    lat: 52.1607,
    lng: 4.4934,
    phone: "+31 71 555 0140",
    lateDay: 4,
    sunday: true,
    services: ["pickup", "returns", "gift_wrapping"],
  },
  {
    id: "den-bosch-hinthamerstraat",
    city: "'s-Hertogenbosch",
    street: "Hinthamerstraat 27",
    postcode: "5211 MB",
    lat: 51.6893,
    lng: 5.3068,
    phone: "+31 73 555 0027",
    lateDay: 4,
    sunday: true,
    services: ["pickup", "returns", "alterations", "personal_shopping"],
    extra: [
      { date: "2027-02-14", label: "Carnaval", open: "12:00", close: "17:00" },
      { date: "2027-02-15", label: "Carnaval", open: null, close: null },
    ],
  },
  {
    id: "amersfoort-langestraat",
    city: "Amersfoort",
    street: "Langestraat 64",
    postcode: "3811 AH",
    lat: 52.1566,
    lng: 5.3879,
    phone: "+31 33 555 0064",
    lateDay: 5,
    sunday: false,
    services: ["pickup", "returns"],
    extra: [{ date: "2027-01-18", label: "Gesloten wegens verbouwing", open: null, close: null }],
  },
];

export const STORES: readonly Store[] = ROWS.map((row) => ({
  id: row.id,
  name: `Etalage ${row.city}`,
  street: row.street,
  postcode: row.postcode,
  city: row.city,
  country_id: "NL",
  lat: row.lat,
  lng: row.lng,
  phone: row.phone,
  email: `${row.id}@etalage.nl`,
  opening_hours: week(row.lateDay, row.sunday).map(([open, close], i) => ({ day: i + 1, open, close })),
  special_hours: [...HOLIDAYS, ...(row.extra ?? [])].sort((a, b) => a.date.localeCompare(b.date)),
  services: row.services,
}));

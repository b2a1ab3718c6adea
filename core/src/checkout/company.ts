/**
 * Who sells (art. 6:230m BW and the Handelsregisterwet: name, address, KvK and VAT numbers and a way
 * to reach the shop in every confirmation). The same facts as the terms and conditions page.
 */
export const SHOP_COMPANY = {
  name: "Etalage B.V.",
  street: "Oudegracht 112",
  postcode: "3511 AX",
  city: "Utrecht",
  kvk: "30123456",
  vatNumber: "NL812345678B01",
  phone: "030 234 56 78",
  email: "klantenservice@etalage.nl",
} as const;

/** Days after receipt in which the shopper may withdraw (the law's 14, the shop's terms 30). */
export const WITHDRAWAL_DAYS = 30;

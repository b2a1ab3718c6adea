/**
 * The one Dutch dictionary of Etalage. Keys are the spec's English phrases, so a rule in the
 * spec can be found here by grepping its text; values are what a Dutch shopper reads.
 * Placeholders in braces ({n}, {name}) are filled by `t()`.
 */
export const nl = {
  // Layout and navigation
  "Home Page": "Startpagina",
  Home: "Home",
  "Search for products": "Zoek producten",
  Search: "Zoeken",
  Menu: "Menu",
  "Open menu": "Menu openen",
  "Close menu": "Menu sluiten",
  Close: "Sluiten",
  "Go back": "Terug",
  "ALL {name}": "ALLE {name}",
  "Skip to content": "Naar de inhoud",
  Account: "Account",
  "My account": "Mijn account",
  Cart: "Winkelwagen",
  "Shopping cart": "Winkelwagen",
  Wishlist: "Verlanglijst",
  "Customer service": "Klantenservice",
  "Follow us": "Volg ons",
  Newsletter: "Nieuwsbrief",
  "Subscribe to the newsletter": "Schrijf je in voor de nieuwsbrief",
  "Stay up to date": "Blijf op de hoogte",
  "Sign up for our newsletter and receive 10% discount on your next order":
    "Schrijf je in voor onze nieuwsbrief en ontvang 10% korting op je volgende bestelling",
  "E-mail address": "E-mailadres",
  Subscribe: "Inschrijven",
  "Member of the Dutch retail trade association": "Aangesloten bij Thuiswinkel Waarborg",
  "All rights reserved": "Alle rechten voorbehouden",
  "Free shipping from € 75": "Gratis verzending vanaf € 75",
  "Ordered before 22:00, delivered tomorrow": "Voor 22:00 besteld, morgen in huis",
  "30 days to return": "30 dagen bedenktijd",
  "Main menu": "Hoofdmenu",
  Notifications: "Meldingen",
  "Our promises": "Onze beloftes",
  "Free shipping": "Gratis verzending",
  "from € 75": "vanaf € 75",
  "Ordered before 22:00,": "Voor 22:00 besteld,",
  "delivered tomorrow": "morgen in huis",
  "30 days": "30 dagen",
  "to return, free of charge": "gratis retourneren",
  "About Etalage": "Over Etalage",
  "About us": "Over ons",
  "Our stores": "Onze winkels",
  Sustainability: "Duurzaamheid",
  Careers: "Werken bij Etalage",
  Contact: "Contact",
  "Shipping & delivery": "Verzenden & bezorgen",
  "Returns & exchanges": "Retourneren & ruilen",
  "Payment methods": "Betaalmethoden",
  "Frequently asked questions": "Veelgestelde vragen",
  Shop: "Shop",
  "Terms and conditions": "Algemene voorwaarden",
  "Privacy statement": "Privacyverklaring",
  Cookies: "Cookies",
  "opens in a new tab": "opent in een nieuw tabblad",
  "Safe shopping, with a guarantee": "Veilig winkelen met garantie",
  "name@example.com": "naam@voorbeeld.nl",
  "Loading...": "Bezig met laden…",
  "Page is loading": "Pagina wordt geladen",

  // Pages
  "Page not found": "Pagina niet gevonden",
  "We can't find the page you're looking for.": "We kunnen de pagina die je zoekt niet vinden.",
  "Unfortunately we can't find the page you are looking for. It may have been moved or the address may be mistyped.":
    "Helaas kunnen we de pagina die je zoekt niet vinden. Misschien is hij verplaatst of is het adres verkeerd getypt.",
  "Return to home page": "Terug naar de startpagina",
  "Something went wrong": "Er is iets misgegaan",
  "We're sorry, an error occurred. Please try again in a moment.":
    "Sorry, er is een fout opgetreden. Probeer het over een moment opnieuw.",
  "Error code": "Foutcode",
  "Maybe you were looking for": "Misschien zoek je dit",
  "Still not working? Our customer service is happy to help.":
    "Lukt het nog steeds niet? Onze klantenservice helpt je graag.",
  "Contact customer service": "Neem contact op",
  "Menswear and footwear": "herenmode en schoenen",
  "Menswear and footwear, delivered tomorrow":
    "Herenkleding, schoenen en accessoires van Etalage. Voor 22:00 besteld, morgen in huis.",
  "New season": "Nieuw seizoen",
  "Well dressed, without effort": "Goed gekleed, zonder moeite",
  "Coats, knitwear and leather shoes that last for years. Ordered today, tried on at home tomorrow.":
    "Jassen, truien en leren schoenen die jaren meegaan. Vandaag besteld, morgen thuis passen.",
  "Shop the collection": "Shop de collectie",
  "Discover shoes": "Ontdek schoenen",
  "Shop by category": "Shop per categorie",
  "New arrivals": "Nieuw binnen",
  "Popular now": "Nu populair",
  "View all": "Bekijk alles",
  "Shop now": "Shop nu",

  // Catalogue (browsing §2, §8)
  "{n} items": "{n} artikelen",
  Filter: "Filter",
  "Filter & sort": "Filteren & sorteren",
  "Clear filters": "Filters wissen",
  "Sort by": "Sorteer op",
  Position: "Positie",
  Newest: "Nieuwste",
  "Price: low to high": "Prijs: laag naar hoog",
  "Price: high to low": "Prijs: hoog naar laag",
  Relevance: "Relevantie",
  Price: "Prijs",
  Color: "Kleur",
  Size: "Maat",
  Brand: "Merk",
  Material: "Materiaal",
  Fit: "Pasvorm",
  "No products found!": "Geen producten gevonden!",
  "Please change your search criteria and try again. If you still can't find what you're looking for, visit our home page.":
    "Pas je zoekcriteria aan en probeer het opnieuw. Vind je nog steeds niet wat je zoekt? Ga dan naar onze startpagina.",
  "No products synchronized for this category. Please come back while online!":
    "Er zijn geen producten gesynchroniseerd voor deze categorie. Kom terug wanneer je online bent!",
  "Product query returned empty result product status = {status}":
    "Productzoekopdracht gaf geen resultaat: productstatus = {status}",
  "Product query returned empty result product visibility = {visibility}":
    "Productzoekopdracht gaf geen resultaat: productzichtbaarheid = {visibility}",
  "Category query returned empty result {key} = {value}":
    "Categoriezoekopdracht gaf geen resultaat: {key} = {value}",
  "Please provide the search key {key} for product/single action!":
    "Geef de zoeksleutel {key} op voor product/single!",
  "Product doesn't have parentSku, please check if this is configurable product":
    "Product heeft geen parentSku, controleer of dit een configureerbaar product is",
  "No available product variants": "Geen beschikbare productvarianten",
  "No such configuration for the product. Please do choose another combination of attributes.":
    "Deze combinatie bestaat niet voor dit product. Kies een andere combinatie.",
  "Product not found": "Product niet gevonden",
  "Product link not found": "Productlink niet gevonden",
  "The product, category or CMS page is not available in Offline mode. Redirecting to Home.":
    "Het product, de categorie of de pagina is offline niet beschikbaar. Je wordt doorgestuurd naar de startpagina.",
  "An error occured while loading the component.":
    "Er is een fout opgetreden bij het laden van dit onderdeel.",
  "Component couldn't be loaded due to lack of network connectivity.":
    "Dit onderdeel kon niet worden geladen omdat er geen netwerkverbinding is.",
  "Try again": "Opnieuw proberen",
  "You are offline. Some features might not be available.":
    "Je bent offline. Sommige functies zijn mogelijk niet beschikbaar.",
  "Storeview {code} doesn't exist!": "Winkel {code} bestaat niet!",
  "In stock": "Op voorraad",
  "Out of stock": "Uitverkocht",
  "Only a few left": "Nog maar enkele op voorraad",
  "Regular price": "Normale prijs",
  "Special price": "Actieprijs",
  "Size guide": "Maattabel",
  New: "Nieuw",
  Discount: "Korting",
  "No image available": "Geen afbeelding beschikbaar",
  "Choose a size table": "Kies een maattabel",
  Shirts: "Overhemden",
  Shoes: "Schoenen",
  "Shirt sizes, body measurements in cm": "Overhemdmaten, lichaamsmaten in cm",
  "Shoe sizes": "Schoenmaten",
  Collar: "Boordmaat",
  Chest: "Borst",
  Waist: "Taille",
  EU: "EU",
  UK: "UK",
  US: "US",
  "Foot length (cm)": "Voetlengte (cm)",
  "How to measure": "Zo meet je",
  "Measure your collar just below the Adam's apple, and your chest at its widest point.":
    "Meet je boordmaat net onder de adamsappel, en je borst op het breedste punt.",
  "Stand on a sheet of paper and measure from your heel to your longest toe.":
    "Ga op een vel papier staan en meet van je hiel tot je langste teen.",
  "Add to cart": "In winkelwagen",
  "Read more": "Meer laden",
  "See more": "Bekijk meer",
  "Search results for {q}": "Zoekresultaten voor {q}",

  // Category listing (browsing §2 "Category listing page", "Product card")
  "1 item": "1 artikel",
  "Show {n} items": "Toon {n} artikelen",
  "Price ascending": "Prijs oplopend",
  "Price descending": "Prijs aflopend",
  Products: "Producten",
  Filters: "Filters",
  "Active filters": "Actieve filters",
  "Hide filters": "Filters verbergen",
  "Show filters": "Filters tonen",
  "Remove filter {name}": "Filter {name} verwijderen",
  "Show more": "Toon meer",
  "Show less": "Toon minder",
  Apply: "Toepassen",
  "Minimum price": "Minimumprijs",
  "Maximum price": "Maximumprijs",
  Pagination: "Paginering",
  "Page {n}": "Pagina {n}",
  "Previous page": "Vorige pagina",
  "Next page": "Volgende pagina",
  Breadcrumb: "Kruimelpad",
  Subcategories: "Subcategorieën",

  // Product page (browsing §3, §4, §9)
  "Product images": "Productafbeeldingen",
  carousel: "carrousel",
  "Image {n} of {total}": "Afbeelding {n} van {total}",
  "Previous image": "Vorige afbeelding",
  "Next image": "Volgende afbeelding",
  "Choose an image": "Kies een afbeelding",
  "not available": "niet beschikbaar",
  "Limited stock, will be reserved": "Beperkte voorraad, wordt gereserveerd",
  "Including VAT": "Inclusief btw",
  "Please choose your {option}": "Kies je {option}",
  "This set contains": "Deze set bevat",
  Quantity: "Aantal",
  "Quantity of {name}": "Aantal {name}",
  "Total for your selection": "Totaal voor je selectie",
  Description: "Omschrijving",
  "Product details": "Productdetails",
  "Item number": "Artikelnummer",

  // Navigation and search (browsing §2 "Default layout", "Search", "Menus and footer")
  Categories: "Categorieën",
  Highlighted: "Uitgelicht",
  "{name} menu": "Menu {name}",
  Shortcuts: "Snelkoppelingen",
  Suggestions: "Suggesties",
  "Clear search text": "Zoektekst wissen",
  "{n} of {total} products shown": "{n} van {total} producten bekeken",

  // Validation (browsing §5, transactional §5)
  "Field is required": "Dit veld is verplicht",
  "Name must have at least 3 letters.": "Naam moet minimaal 3 letters bevatten.",
  "Password must have at least 8 characters and at least 3 character classes.":
    "Wachtwoord moet minimaal 8 tekens en minimaal 3 soorten tekens bevatten.",
  "Passwords must be identical.": "Wachtwoorden moeten gelijk zijn.",
  "Search term must have at least 3 characters.": "Zoekterm moet minimaal 3 tekens bevatten.",
  "Please provide an valid e-mail address": "Vul een geldig e-mailadres in",

  // Notifications and modals
  OK: "OK",
  Cancel: "Annuleren",
  Confirm: "Bevestigen",
  "Feature not implemented": "Deze functie is nog niet beschikbaar",
  "We are still working on this part of the shop. Please come back soon.":
    "We werken nog aan dit deel van de winkel. Kom binnenkort terug.",

  // Order states (transactional §4)
  pending: "in behandeling",
  processing: "wordt verwerkt",
  complete: "afgerond",
  closed: "gesloten",
  export_failed: "wordt verwerkt",
  export_success: "wordt verwerkt",
  // CMS preview (issue 5)
  Preview: "Voorbeeld",
  "Preview not available": "Voorbeeld niet beschikbaar",
  "This preview link is not valid or has expired. Open the preview again from the editor.":
    "Deze voorbeeldlink is niet geldig of verlopen. Open het voorbeeld opnieuw vanuit de editor.",
  "This block is shown in the header and footer of every page.":
    "Dit blok staat in de kop en voet van elke pagina.",
} as const satisfies Record<string, string>;

export type DictionaryKey = keyof typeof nl;

import { type Category, categoryLink, pageTitle, t } from "@etalage/core";
import { Link } from "react-router";
import { CmsBlocks } from "../features/cms/cms-blocks.tsx";
import { cmsMeta } from "../features/cms/cms-meta.ts";
import { cmsPageData } from "../features/cms/cms-page-data.ts";
import { type CategoryTile, CategoryTiles } from "../features/home/category-tiles.tsx";
import { HomeHero } from "../features/home/home-hero.tsx";
import { servicesContext } from "../lib/server-context.ts";
import { ProductCard } from "../ui/products/product-card.tsx";
import { type ProductCardData, toProductCardData } from "../ui/products/product-card-data.ts";
import type { Route } from "./+types/home";
import "../features/cms/home.css";

export function meta({ loaderData }: Route.MetaArgs) {
  const canonical = loaderData?.canonical;
  if (loaderData?.cms)
    return cmsMeta(loaderData.cms, { fallbackTitle: t("Menswear and footwear"), canonical });
  return [
    { title: pageTitle(t("Menswear and footwear")) },
    { name: "description", content: t("Menswear and footwear, delivered tomorrow") },
    ...(canonical
      ? [
          { tagName: "link", rel: "canonical", href: canonical },
          { property: "og:url", content: canonical },
        ]
      : []),
  ];
}

/** The tiles under the hero, each drawn with one of our own product pictures. */
const TILES = [
  { name: "Kleding", image: "/product/coat/beige/front.svg", tone: "stone" },
  { name: "Schoenen", image: "/product/dress-shoe/cognac/front.svg", tone: "sand" },
  { name: "Accessoires", image: "/product/bag/bruin/front.svg", tone: "mist" },
  { name: "Nieuw", image: "/product/sweater/groen/front.svg", tone: "sage" },
  { name: "Sale", image: "/product/polo/lichtblauw/front.svg", tone: "sale" },
] as const;

const NEW_ARRIVALS = 8;

/**
 * Critical: the `home` story and its carousels' cards; without one (CMS empty or down), the
 * standing hero, the category tiles and the products of "Nieuw binnen" (all in-process).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const story = await services.story("home").catch(() => undefined);
  const cms = story ? cmsPageData(services, story) : undefined;
  const canonical = `${services.publicUrl.replace(/\/+$/, "")}/`;
  if (cms) return { cms, canonical, tiles: [], newArrivals: [], newArrivalsHref: null };
  const tree = services.categoryTree();
  const tiles: CategoryTile[] = TILES.map((tile) => {
    const category = findByName(tree, tile.name);
    return { ...tile, href: categoryLink(category ?? { slug: tile.name.toLowerCase(), url_path: "" }) };
  });
  const source = findByName(tree, "Nieuw") ?? tree[0];
  const newArrivals: ProductCardData[] = source
    ? services
        .productsInCategory(source.id, NEW_ARRIVALS)
        .map((p) => toProductCardData(p, { optionLabel: services.optionLabel?.bind(services) }))
    : [];
  return {
    cms: undefined,
    canonical,
    tiles,
    newArrivals,
    newArrivalsHref: source ? categoryLink(source) : null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { cms, tiles, newArrivals, newArrivalsHref } = loaderData;
  if (cms) {
    return (
      <>
        <h1 className="visually-hidden">{cms.title}</h1>
        <CmsBlocks page={cms} />
      </>
    );
  }
  return (
    <>
      <HomeHero shopHref={tiles[0]?.href ?? "/"} secondaryHref={tiles[1]?.href ?? "/"} />
      <CategoryTiles tiles={tiles} />
      {newArrivals.length > 0 && (
        <section className="section container" aria-labelledby="new-arrivals">
          <div className="section__head">
            <h2 id="new-arrivals" className="section__title">
              {t("New arrivals")}
            </h2>
            {newArrivalsHref && (
              <Link to={newArrivalsHref} className="text-link">
                {t("View all")}
              </Link>
            )}
          </div>
          <ul className="product-row">
            {newArrivals.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function findByName(tree: readonly Category[], name: string): Category | undefined {
  const wanted = name.toLowerCase();
  for (const category of tree) {
    if (category.name.toLowerCase() === wanted && category.is_active) return category;
    const child = findByName(category.children_data ?? [], name);
    if (child) return child;
  }
  return undefined;
}

import { type BannerBlock, type CarouselBlock, type PageBlock, wholeRowCount } from "@etalage/core";
import { ProductCard } from "../../ui/products/product-card.tsx";
import type { ProductCardData } from "../../ui/products/product-card-data.ts";
import { CmsAnchor, hasTarget } from "./cms-link.tsx";
import type { CmsPageData } from "./cms-page-data.ts";
import { CmsText } from "./cms-text.tsx";
import { CmsTile } from "./cms-tile.tsx";
import "./home.css";
import "./cms.css";

/** The blocks of a CMS page (browsing §3 "CMS blocks"), in the editor's order. */
export function CmsBlocks({ page }: { page: Pick<CmsPageData, "blocks" | "carousels"> }) {
  const rows = groupHalves(page.blocks);
  return (
    <div className="cms-blocks">
      {rows.map((row, index) => {
        const first = row[0] as PageBlock;
        if (row.length > 1 || (first.component === "tile" && (first.width ?? "half") === "half")) {
          return (
            <div key={first._uid} className="cms-tiles container">
              {row.map((tile) =>
                tile.component === "tile" ? (
                  <CmsTile key={tile._uid} tile={tile} eager={index === 0} />
                ) : null,
              )}
            </div>
          );
        }
        return (
          <CmsBlock
            key={first._uid}
            block={first}
            cards={page.carousels[first._uid] ?? []}
            eager={index === 0}
          />
        );
      })}
    </div>
  );
}

function CmsBlock({ block, cards, eager }: { block: PageBlock; cards: ProductCardData[]; eager: boolean }) {
  switch (block.component) {
    case "tile":
      return (
        <div className="cms-tiles cms-tiles--full container">
          <CmsTile tile={block} eager={eager} />
        </div>
      );
    case "text":
      return (
        <section className="container cms-section">
          <CmsText html={block.text} />
        </section>
      );
    case "carousel":
      return <CmsCarousel block={block} cards={cards} />;
    case "banner":
      return <CmsBanner block={block} />;
    case "grid":
      return (
        <div className="cms-tiles container">
          {block.tiles.map((tile) => (
            <CmsTile key={tile._uid} tile={tile} />
          ))}
        </div>
      );
    default:
      return null;
  }
}

/** Half tiles next to each other pair up in one row; everything else is a row of its own. */
function groupHalves(blocks: readonly PageBlock[]): PageBlock[][] {
  const rows: PageBlock[][] = [];
  for (const block of blocks) {
    const last = rows.at(-1);
    const isHalf = block.component === "tile" && (block.width ?? "half") === "half";
    const lastFirst = last?.[0];
    if (
      isHalf &&
      last &&
      last.length === 1 &&
      lastFirst?.component === "tile" &&
      (lastFirst.width ?? "half") === "half"
    ) {
      last.push(block);
    } else rows.push([block]);
  }
  return rows;
}

function CmsCarousel({ block, cards }: { block: CarouselBlock; cards: ProductCardData[] }) {
  if (cards.length === 0) return null;
  const headingId = `carousel-${block._uid}`;
  const shown = wholeRowCount(cards.length);
  return (
    <section className="section container cms-section" aria-labelledby={block.title ? headingId : undefined}>
      {block.title && (
        <div className="section__head">
          <h2 id={headingId} className="section__title">
            {block.title}
          </h2>
        </div>
      )}
      <ul className="product-row">
        {cards.map((product, index) => (
          // Beyond whole rows of the grid, a card shows only where the row scrolls (phones).
          <li key={product.id} className={index < shown ? undefined : "product-row__rest"}>
            <ProductCard product={product} sizes="(min-width: 1024px) 25vw, 44vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CmsBanner({ block }: { block: BannerBlock }) {
  return (
    <section className="container cms-section">
      <div className={`cms-banner cms-banner--${block.theme ?? "dark"}`}>
        <h2 className="cms-banner__title">{block.title}</h2>
        {block.text && <p className="cms-banner__text">{block.text}</p>}
        {block.buttonText && hasTarget(block.link) && (
          <CmsAnchor
            link={block.link}
            className={(block.theme ?? "dark") === "dark" ? "button button--light" : "button"}
          >
            {block.buttonText}
          </CmsAnchor>
        )}
      </div>
    </section>
  );
}

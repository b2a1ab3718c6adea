import { t } from "@etalage/core";
import { Link } from "react-router";
import { resizedImageUrl, THUMBNAIL, thumbnailSrcSet } from "../../lib/images.ts";
import { Icon } from "../../ui/icons.tsx";

export interface CategoryTile {
  name: string;
  href: string;
  image: string;
  tone: string;
}

export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  return (
    <section className="section container" aria-labelledby="category-tiles">
      <div className="section__head">
        <h2 id="category-tiles" className="section__title">
          {t("Shop by category")}
        </h2>
      </div>
      <ul className="tiles">
        {tiles.map((tile) => (
          <li key={tile.name}>
            <Link to={tile.href} className={`tile tile--${tile.tone}`} prefetch="intent">
              <span className="tile__media">
                <img
                  src={resizedImageUrl(tile.image, THUMBNAIL.width, THUMBNAIL.height)}
                  srcSet={thumbnailSrcSet(tile.image)}
                  sizes="(min-width: 1024px) 20vw, 42vw"
                  width={THUMBNAIL.width}
                  height={THUMBNAIL.height}
                  alt=""
                  decoding="async"
                />
              </span>
              <span className="tile__label">
                {tile.name}
                <Icon name="arrow-right" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

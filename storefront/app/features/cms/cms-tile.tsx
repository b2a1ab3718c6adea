import type { GridTileBlock, TileBlock } from "@etalage/core";
import { type CmsAsset, isVideoAsset } from "@etalage/core";
import { imageSource, TILE_WIDTHS, tileHeight, tileImageUrl, tileSizes, tileSrcSet } from "./cms-image.ts";
import { CmsAnchor, hasTarget } from "./cms-link.tsx";

type Tile = TileBlock | GridTileBlock;

/**
 * An image or video tile (browsing §2): optional title and button; with a link and no button text
 * the whole tile is the link. Media reserve their box (aspect ratio 1 : 0.67) so nothing shifts.
 */
export function CmsTile({
  tile,
  eager = false,
  className = "",
}: {
  tile: Tile;
  eager?: boolean;
  className?: string;
}) {
  const width = tile.width ?? "half";
  const wholeLink = hasTarget(tile.link) && !tile.buttonText;
  const media = <TileMedia asset={tile.asset} width={width} eager={eager} />;
  const body =
    tile.title || (tile.buttonText && hasTarget(tile.link)) ? (
      <div className="cms-tile__body">
        {tile.title && <h2 className="cms-tile__title">{tile.title}</h2>}
        {tile.buttonText && hasTarget(tile.link) && (
          <CmsAnchor link={tile.link} className="button button--light cms-tile__button">
            {tile.buttonText}
          </CmsAnchor>
        )}
      </div>
    ) : null;
  const classes = `cms-tile cms-tile--${width} ${className}`.trim();
  if (wholeLink && tile.link) {
    return (
      <CmsAnchor
        link={tile.link}
        className={`${classes} cms-tile--link`}
        aria-label={tile.title || tile.asset.alt}
      >
        {media}
        {body}
      </CmsAnchor>
    );
  }
  return (
    <div className={classes}>
      {media}
      {body}
    </div>
  );
}

function TileMedia({ asset, width, eager }: { asset: CmsAsset; width: "full" | "half"; eager: boolean }) {
  const w = TILE_WIDTHS[width];
  if (isVideoAsset(asset.filename)) {
    const posterSource = asset.poster ? imageSource(asset.poster) : null;
    const poster = posterSource ? tileImageUrl(posterSource, w, asset.focus) : asset.poster;
    const type = asset.filename.toLowerCase().endsWith(".mp4") ? "video/mp4" : "video/webm";
    return (
      <video
        className="cms-tile__media"
        width={w}
        height={tileHeight(w)}
        poster={poster}
        autoPlay
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={asset.alt || undefined}
      >
        <source src={asset.filename} type={type} />
      </video>
    );
  }
  const source = imageSource(asset.filename);
  return (
    <img
      className="cms-tile__media"
      src={source ? tileImageUrl(source, w, asset.focus) : asset.filename}
      srcSet={source ? tileSrcSet(source, asset.focus) : undefined}
      sizes={source ? tileSizes(width) : undefined}
      width={w}
      height={tileHeight(w)}
      alt={asset.alt ?? ""}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
    />
  );
}

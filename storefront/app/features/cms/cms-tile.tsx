import type { GridTileBlock, TileBlock } from "@etalage/core";
import { type CmsAsset, isVideoAsset } from "@etalage/core";
import type { ReactNode } from "react";
import { imageSource, TILE_WIDTHS, tileHeight, tileImageUrl, tileSizes, tileSrcSet } from "./cms-image.ts";
import { CmsAnchor, hasTarget } from "./cms-link.tsx";
import { TileVideo, useTileVideo, VideoToggle } from "./cms-video.tsx";

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
  if (isVideoAsset(tile.asset.filename)) {
    return <VideoTile tile={tile} width={width} classes={classes} wholeLink={wholeLink} body={body} />;
  }
  const media = <TileMedia asset={tile.asset} width={width} eager={eager} />;
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

/**
 * A video tile: the pause button sits beside the link that covers the tile, never inside it (a
 * button within a link is neither valid nor reachable as its own control).
 */
function VideoTile({
  tile,
  width,
  classes,
  wholeLink,
  body,
}: {
  tile: Tile;
  width: "full" | "half";
  classes: string;
  wholeLink: boolean;
  body: ReactNode;
}) {
  const playback = useTileVideo();
  const { asset } = tile;
  const w = TILE_WIDTHS[width];
  const posterSource = asset.poster ? imageSource(asset.poster) : null;
  const media = (
    <TileVideo
      playback={playback}
      filename={asset.filename}
      sources={asset.sources}
      poster={posterSource ? tileImageUrl(posterSource, w, asset.focus) : asset.poster}
      width={w}
      height={tileHeight(w)}
      label={asset.alt}
    />
  );
  return (
    <div className={wholeLink ? `${classes} cms-tile--link cms-tile--video` : `${classes} cms-tile--video`}>
      {wholeLink && tile.link ? (
        <CmsAnchor link={tile.link} className="cms-tile__cover" aria-label={tile.title || asset.alt}>
          {media}
          {body}
        </CmsAnchor>
      ) : (
        <>
          {media}
          {body}
        </>
      )}
      <VideoToggle playback={playback} />
    </div>
  );
}

/** An image tile's picture, cropped around its focus point. */
function TileMedia({ asset, width, eager }: { asset: CmsAsset; width: "full" | "half"; eager: boolean }) {
  const w = TILE_WIDTHS[width];
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

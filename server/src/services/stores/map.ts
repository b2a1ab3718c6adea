import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoMercator, geoPath } from "d3-geo";
import type { Feature, FeatureCollection, Geometry } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/*
 * The store locator's map: the Netherlands and its neighbours' edges drawn once, on the server,
 * from Natural Earth's 1:50m borders (world-atlas), as an SVG path. No tiles, no third party:
 * it works offline and costs the shopper a few kilobytes.
 */

const MAP_WIDTH = 400;
const MAP_HEIGHT = 470;
const NETHERLANDS = "528";
const NEIGHBOURS = ["056", "276"];

export interface StoreMap {
  width: number;
  height: number;
  /** The Netherlands' outline. */
  land: string;
  /** Belgium's and Germany's, clipped by the frame. */
  neighbours: string;
  /** [x, y] in the map's pixels for a point, or null outside the frame. */
  project(lat: number, lng: number): [number, number] | null;
}

let cached: StoreMap | undefined;

export function storeMap(): StoreMap {
  cached ??= draw();
  return cached;
}

function draw(): StoreMap {
  const file = createRequire(import.meta.url).resolve("world-atlas/countries-50m.json");
  const topology = JSON.parse(readFileSync(file, "utf8")) as Topology<{ countries: GeometryCollection }>;
  const all = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
  const byId = (id: string) => all.features.find((f) => String(f.id) === id);
  const nl = byId(NETHERLANDS) as Feature<Geometry>;
  // The European part only: the Caribbean islands would shrink the mainland to a dot.
  const mainland = europeanPart(nl);
  const projection = geoMercator().fitExtent(
    [
      [12, 12],
      [MAP_WIDTH - 12, MAP_HEIGHT - 12],
    ],
    mainland,
  );
  const path = geoPath(projection);
  const round = (d: string | null) => (d ?? "").replace(/\d+\.\d+/g, (n) => Number(n).toFixed(1));
  const neighbours = NEIGHBOURS.map((id) => byId(id))
    .filter((f): f is Feature<Geometry> => !!f)
    .map((f) => round(path(f)))
    .join("");
  return {
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
    land: round(path(mainland)),
    neighbours,
    project(lat, lng) {
      const point = projection([lng, lat]);
      if (!point) return null;
      const [x, y] = point;
      if (x < 0 || y < 0 || x > MAP_WIDTH || y > MAP_HEIGHT) return null;
      return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
    },
  };
}

function europeanPart(nl: Feature<Geometry>): Feature<Geometry> {
  const geometry = nl.geometry;
  if (geometry.type !== "MultiPolygon") return nl;
  const polygons = geometry.coordinates.filter((polygon) => (polygon[0]?.[0]?.[1] ?? 0) > 45);
  return { ...nl, geometry: { type: "MultiPolygon", coordinates: polygons } };
}

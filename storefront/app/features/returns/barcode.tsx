import JsBarcode from "jsbarcode";

/**
 * A Code 128 barcode as SVG bars. JsBarcode encodes (its object renderer answers the bars as a
 * string of 1s and 0s, no DOM needed), React draws: the same markup on the server and in the browser.
 */
export function Barcode({ value, height = 80, label }: { value: string; height?: number; label: string }) {
  const target: { encodings?: { data: string }[] } = {};
  JsBarcode(target, value, { format: "CODE128" });
  const bars = target.encodings?.map((e) => e.data).join("") ?? "";
  const quiet = 10;
  const width = bars.length + quiet * 2;
  const rects: { x: number; w: number }[] = [];
  for (let i = 0; i < bars.length; i++) {
    if (bars[i] !== "1") continue;
    const last = rects.at(-1);
    if (last && last.x + last.w === i + quiet) last.w += 1;
    else rects.push({ x: i + quiet, w: 1 });
  }
  return (
    <svg
      className="barcode"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      data-testid="return-barcode"
    >
      <rect x={0} y={0} width={width} height={height} fill="#fff" />
      {rects.map((r) => (
        <rect key={r.x} x={r.x} y={0} width={r.w} height={height} fill="#000" />
      ))}
    </svg>
  );
}

/** Five stars, `value` of them filled; the text beside it is what a screen reader hears. */
export function Stars({ value, label }: { value: number; label: string }) {
  const filled = Math.round(value);
  return (
    <span className="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= filled ? "stars__on" : "stars__off"}>
          ★
        </span>
      ))}
    </span>
  );
}

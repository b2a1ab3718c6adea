import { t } from "@etalage/core";
import { toggleFavorite, useFavoriteKeys } from "../../session/favorites-store.ts";
import { Icon } from "../icons.tsx";
import "./favorite-button.css";

/** The heart on a card or the product page: a toggle button, pressed while the product is a favourite. */
export function FavoriteButton({
  productKey,
  name,
  className = "",
}: {
  productKey: string;
  name: string;
  className?: string;
}) {
  const on = useFavoriteKeys().includes(productKey);
  return (
    <button
      type="button"
      className={`favorite-button ${className}`.trim()}
      aria-pressed={on}
      aria-label={on ? t("Remove {name} from favorites", { name }) : t("Add {name} to favorites", { name })}
      onClick={() => toggleFavorite(productKey)}
      data-testid="favorite-button"
    >
      <Icon name="heart" />
    </button>
  );
}

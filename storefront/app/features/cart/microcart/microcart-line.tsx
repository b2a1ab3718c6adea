import { type CartItem, cartLineKey, t, unitPriceNote } from "@etalage/core";
import { Link } from "react-router";
import { CART_THUMBNAIL, resizedImageUrl } from "../../../lib/images.ts";
import { openModal } from "../../../session/modal-store.ts";
import { ProductPrice } from "../../../ui/products/product-price.tsx";
import { cart } from "../cart-api.ts";
import { LineEditor } from "./line-editor.tsx";
import {
  isEditable,
  lineHref,
  lineImage,
  lineName,
  lineOptions,
  linePrices,
  unitPrice,
} from "./line-view.ts";
import { openLineEditor, useEditMode } from "./microcart-store.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";

/**
 * One line of the microcart: image, name linked to the product, the chosen options, the row price
 * (a special price with the regular one struck through), the quantity stepper, edit and remove.
 * While edited, the line turns into its editor in place.
 */
export function MicrocartLine({ item }: { item: CartItem }) {
  const edit = useEditMode();
  const key = cartLineKey(item);
  if (edit.state === "open" && edit.lineKey === key) return <LineEditor item={item} edit={edit} />;

  const href = lineHref(item);
  const image = lineImage(item);
  const options = lineOptions(item);
  const title = item.name ?? item.sku;
  const name = lineName(item, options);
  const prices = linePrices(item);
  const perPiece = unitPriceNote(item.qty, unitPrice(item));
  const problem = item.errors ? Object.values(item.errors).find(Boolean) : undefined;

  return (
    <li className="microcart-line" data-sku={item.sku}>
      <div className="microcart-line__image">
        {image ? (
          <img
            src={resizedImageUrl(image, CART_THUMBNAIL.width, CART_THUMBNAIL.height)}
            alt=""
            width={84}
            height={120}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="microcart-line__no-image">{t("No image available")}</span>
        )}
      </div>
      <div className="microcart-line__body">
        <h3 className="microcart-line__name">
          {href ? (
            <Link to={href} prefetch="none">
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        {options.length > 0 && (
          <dl className="microcart-line__options">
            {options.map((option) => (
              <div key={`${option.label}:${option.value}`}>
                <dt>{option.label}</dt>
                <dd>{option.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {problem && (
          <p className="microcart-line__problem" role="status">
            {t(problem)}
          </p>
        )}
        <ProductPrice
          price={prices.rowRegular ?? prices.row}
          specialPrice={prices.rowRegular ? prices.row : null}
        />
        {perPiece && <p className="microcart-line__unit">{perPiece}</p>}
        <div className="microcart-line__row">
          <QuantityStepper
            value={item.qty}
            name={name}
            onChange={(qty) => {
              void cart.setQuantity(item, qty);
            }}
          />
          <div className="microcart-line__actions">
            {isEditable(item) && (
              <button
                type="button"
                className="microcart-line__action"
                aria-label={t("Edit {name}", { name })}
                data-line-edit={item.sku}
                onClick={() =>
                  openLineEditor({
                    lineKey: key,
                    sku: item.sku,
                    productId: typeof item.id === "number" ? item.id : null,
                    qty: item.qty,
                    selectedOptions: {},
                  })
                }
              >
                {t("Edit")}
              </button>
            )}
            <button
              type="button"
              className="microcart-line__action"
              aria-label={t("Remove {name}", { name })}
              onClick={() => openModal("cart-remove-item", { item })}
            >
              {t("Remove")}
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

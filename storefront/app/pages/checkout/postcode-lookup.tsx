import { t } from "@etalage/core";
import { useEffect, useState } from "react";

const POSTCODE = /^[1-9][0-9]{3} ?[A-Za-z]{2}$/;
const HOUSE_NUMBER = /^[1-9][0-9]{0,4}$/;

type Lookup = "idle" | "found" | "unknown";

/** Sets a field as typing would, so the form's change handlers (live totals, kept details) see it. */
function fill(input: HTMLInputElement, value: string) {
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  set?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * Postcode and house number fill street and city (transactional: "Allowed postcode lookup country
 * NL"), as every Dutch shop does; the shopper may still type them. An address the lookup does not
 * know asks for street and city. Only for the Netherlands; a field the shopper typed is not overwritten.
 */
export function PostcodeLookup({ prefix }: { prefix: "" | "billing_" }) {
  const [state, setState] = useState<Lookup>("idle");
  useEffect(() => {
    const byId = (name: string) =>
      document.getElementById(`checkout-${prefix}${name}`) as HTMLInputElement | null;
    const postcode = byId("postcode");
    const houseNumber = byId("houseNumber");
    const affix = byId("affix");
    if (!postcode || !houseNumber) return;
    /** What the lookup last filled in: a field that still holds it may be filled again. */
    const filled = { street: "", city: "" };
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      const country = (document.getElementById(`checkout-${prefix}country`) as HTMLSelectElement | null)
        ?.value;
      const pc = postcode.value.trim();
      const nr = houseNumber.value.trim();
      if ((country && country !== "NL") || !POSTCODE.test(pc) || !HOUSE_NUMBER.test(nr))
        return setState("idle");
      controller?.abort();
      controller = new AbortController();
      const query = new URLSearchParams({
        postcode: pc,
        houseNumber: nr,
        addition: affix?.value.trim() ?? "",
      });
      try {
        const res = await fetch(`/api/ext/address/lookup?${query}`, { signal: controller.signal });
        if (res.status === 404) return setState("unknown");
        if (!res.ok) return setState("idle");
        const { result } = (await res.json()) as { result: { street: string; city: string } };
        for (const name of ["street", "city"] as const) {
          const input = byId(name);
          if (input && (input.value.trim() === "" || input.value === filled[name])) {
            fill(input, result[name]);
            filled[name] = result[name];
          }
        }
        setState("found");
      } catch {
        // Aborted by a newer lookup, or offline: the shopper types street and city.
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(run, 250);
    };
    const fields = [postcode, houseNumber, affix].filter((f): f is HTMLInputElement => f !== null);
    for (const field of fields) field.addEventListener("input", schedule);
    if (postcode.value && houseNumber.value) schedule();
    return () => {
      clearTimeout(timer);
      controller?.abort();
      for (const field of fields) field.removeEventListener("input", schedule);
    };
  }, [prefix]);
  return (
    <p className="checkout__lookup" role="status">
      {state === "unknown" ? t("We do not know this address. Enter the street and city yourself.") : ""}
    </p>
  );
}

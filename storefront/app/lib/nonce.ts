import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response. The server provides it around <ServerRouter>; the browser has no
 * provider and gets "", which is what hydration reads back from the DOM, since browsers hide the
 * nonce attribute of rendered elements (so a real value there would be a mismatch).
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}

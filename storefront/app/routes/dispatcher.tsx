import { data } from "react-router";
import NotFound from "./not-found.tsx";

// Placeholder until the browsing issue fills this route in.
export function loader() {
  return data(null, { status: 404 });
}

export { meta } from "./not-found.tsx";
export default NotFound;

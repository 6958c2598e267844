/** Fluent's Link driven by the router (client-side navigation, real hrefs). */
import { Link } from "@fluentui/react-components";
import { createLink } from "@tanstack/react-router";

export const RouterLink = createLink(Link);

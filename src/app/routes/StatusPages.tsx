/** The 404 screen (401 is UnauthorizedPage.tsx, loaded when it is shown). */
import { pages } from "../../i18n/messages.ts";
import { StatusPage } from "../../ui/StatusPage.tsx";

export const NotFoundPage = () => (
  <StatusPage code="404" title={pages.notFoundTitle} text={pages.notFoundText} />
);

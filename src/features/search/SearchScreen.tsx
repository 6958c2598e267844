/** The search route: reads its param and validated query and renders the search page. */
import { getRouteApi } from "@tanstack/react-router";
import { useMemo } from "react";
import { useScript } from "../../app/shell/script.tsx";
import { SearchPage } from "./SearchPage.tsx";
import { parseSearchParams } from "./searchParams.ts";

// The app's start asks the first screen's search through this module, which is on its way already.
export { loadSearchAhead } from "./serverSearch.ts";

const searchApi = getRouteApi("/$tripitaka/search");

export function SearchScreen() {
  const { tripitaka } = searchApi.useParams();
  const search = searchApi.useSearch();
  const params = useMemo(() => parseSearchParams(search), [search]);
  const { script } = useScript();
  return <SearchPage key={tripitaka} tripitakaUid={tripitaka} params={params} script={script} />;
}

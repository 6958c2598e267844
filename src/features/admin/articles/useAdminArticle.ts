/** Loads any article by uid for the administrators' screens; a missing one goes to /404 (spec section 8). */
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import type { Article } from "../../../../contract/articles.ts";
import { fetchAdminArticle } from "../../../api/adminArticles.ts";
import { isNotFound } from "../../../api/errors.ts";
import { useServices } from "../../../app/shell/services.ts";
import { type Load, useLoad } from "../../../ui/useLoad.ts";

export function useAdminArticle(uid: string): Load<Article> {
  const { api } = useServices();
  const navigate = useNavigate();
  const load = useLoad(uid, (signal) => fetchAdminArticle(api, uid, signal));
  useEffect(() => {
    if (isNotFound(load.error)) void navigate({ to: "/404", replace: true });
  }, [load.error, navigate]);
  return load;
}

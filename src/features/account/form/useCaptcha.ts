/** The image captcha: loaded on demand, refreshed on request and every 5 minutes (spec section 4). */
import { useCallback, useEffect, useRef, useState } from "react";
import { type Captcha, fetchCaptcha } from "../../../api/accounts.ts";
import { useServices } from "../../../app/shell/services.ts";

export const CAPTCHA_REFRESH_MS = 300_000;

export type CaptchaState = {
  captcha: Captcha | null;
  /** Fetches a new image; the previous identifier is used up or stale either way. */
  reload(): void;
};

export function useCaptcha(enabled: boolean): CaptchaState {
  const { api } = useServices();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    fetchCaptcha(api).then(
      (next) => {
        if (mine === generation.current) setCaptcha(next);
      },
      () => {
        if (mine === generation.current) setCaptcha(null);
      },
    );
  }, [api]);

  useEffect(() => {
    if (!enabled) return;
    reload();
    const timer = window.setInterval(reload, CAPTCHA_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [enabled, reload]);

  return { captcha, reload };
}

/**
 * The footer's invitation to follow the site on WeChat: its official account's QR image, shown only
 * when the site has one configured (and not while offline, when it could not be loaded anyway).
 */
import { makeStyles, mergeClasses, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { fetchSiteConfig } from "../../api/site.ts";
import { useServices } from "../../app/shell/services.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { footerText as t } from "./homeMessages.ts";

const QR_PIXELS = 112;

const useStyles = makeStyles({
  box: { margin: 0, alignItems: "flex-start" },
  image: { width: `${QR_PIXELS}px`, height: `${QR_PIXELS}px`, objectFit: "contain" },
});

export function FollowQr() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    fetchSiteConfig(api).then(
      (config) => current && setAddress(config.wechat_follow_qr),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);
  if (!address) return null;
  return (
    <figure className={mergeClasses(stack.xs, styles.box)} data-follow-qr>
      <img className={styles.image} src={address} alt={i18n._(t.followQrAlt)} loading="lazy" />
      <Text as="span" size={200}>
        {i18n._(t.followQr)}
      </Text>
    </figure>
  );
}

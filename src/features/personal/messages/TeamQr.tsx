/** The team-joining QR code beside an approved application's message; nothing when there is none. */
import { makeStyles, mergeClasses, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { fetchTeamQr } from "../../../api/applications.ts";
import { useServices } from "../../../app/shell/services.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { messageText as t } from "./text.ts";

const QR_SIZE = 160;

const useStyles = makeStyles({
  figure: { margin: 0 },
  image: { width: `${QR_SIZE}px`, height: `${QR_SIZE}px`, imageRendering: "pixelated" },
});

export function TeamQr() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const [source, setSource] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchTeamQr(api, controller.signal).then(
      (png) => {
        if (!png || controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(png);
        setSource(objectUrl);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api]);

  if (!source) return null;
  return (
    <figure className={mergeClasses(stack.xs, styles.figure)} data-team-qr>
      <img className={styles.image} src={source} alt={i18n._(t.teamQr)} width={QR_SIZE} height={QR_SIZE} />
      <Text as="span" size={200}>
        {i18n._(t.teamQr)}
      </Text>
    </figure>
  );
}

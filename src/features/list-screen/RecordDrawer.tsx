/**
 * The drawer a list screen's row opens: the record's parts in a column once it has loaded (its
 * load's state until then), and its sections, each under a heading.
 */
import { Text } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { DataAttributes } from "../../ui/dataAttributes.ts";
import { ADMIN_DRAWER_WIDTH, SideDrawer } from "../../ui/SideDrawer.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import type { Load } from "../../ui/useLoad.ts";

export function RecordDrawer<Detail>(props: {
  title: MessageDescriptor;
  closeLabel: MessageDescriptor;
  onClose(): void;
  /** The data-* attribute that names the drawer and its record. */
  data: Record<`data-${string}`, string>;
  load: Load<Detail>;
  footer?: ReactNode;
  children(detail: Detail): ReactNode;
}) {
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const detail = props.load.data ?? props.load.latest;
  return (
    <SideDrawer
      open
      width={ADMIN_DRAWER_WIDTH}
      title={i18n._(props.title)}
      closeLabel={i18n._(props.closeLabel)}
      onClose={props.onClose}
      data={props.data}
      footer={props.footer}
    >
      {detail === undefined ? (
        <LoadStatus load={props.load} />
      ) : (
        <div className={stack.l}>{props.children(detail)}</div>
      )}
    </SideDrawer>
  );
}

export function DrawerSection(props: { heading?: string; children: ReactNode } & DataAttributes) {
  const stack = useStackStyles();
  const { heading, children, ...data } = props;
  return (
    <section className={stack.s} {...data}>
      {heading !== undefined && <Text weight="semibold">{heading}</Text>}
      {children}
    </section>
  );
}

/** A message bar holding one message: what a dialog or a panel says about where it stands. */
import { MessageBar, MessageBarBody, type MessageBarIntent } from "@fluentui/react-components";
import type { ReactNode } from "react";
import type { DataAttributes } from "./dataAttributes.ts";

export function MessageLine({
  intent,
  children,
  ...data
}: { intent: MessageBarIntent; children: ReactNode } & DataAttributes) {
  return (
    <MessageBar intent={intent} {...data}>
      <MessageBarBody>{children}</MessageBarBody>
    </MessageBar>
  );
}

/** A record's state as a tinted badge in the state's color; its data-* attribute names the state. */
import { Badge, type BadgeProps } from "@fluentui/react-components";
import type { DataAttributes } from "../../ui/dataAttributes.ts";

export function StatusBadge({
  color,
  label,
  ...data
}: { color: BadgeProps["color"]; label: string } & DataAttributes) {
  return (
    <Badge appearance="tint" color={color} {...data}>
      {label}
    </Badge>
  );
}

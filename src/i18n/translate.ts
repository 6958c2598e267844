/** Shows a message descriptor with values (the descriptor overload of `i18n._` takes none). */
import type { I18n, MessageDescriptor } from "@lingui/core";

export function tr(i18n: I18n, descriptor: MessageDescriptor, values: Record<string, unknown>): string {
  return i18n._(descriptor.id, values, { message: descriptor.message });
}

/** What a write refused on this device says (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";
import type { RefusalReason } from "./mutations.ts";

export const refusalText = {
  nameInvalid: /*i18n*/ {
    id: "outbox.refusal.nameInvalid",
    message: "请输入分组名称（不超过 20 个字，不含控制字符）",
  },
  nameTaken: /*i18n*/ { id: "outbox.refusal.nameTaken", message: "已有同名的分组" },
  noGroup: /*i18n*/ { id: "outbox.refusal.noGroup", message: "该分组已不存在" },
} satisfies Record<RefusalReason, MessageDescriptor>;

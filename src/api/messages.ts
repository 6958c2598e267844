/**
 * The reader's messages and unread counts (spec section 7, "Messages" and `GET /v1/user/msg_remind`).
 * Listing a page marks its messages read on the server; each answers `is_read` as before the view.
 */
import type { Paged } from "../../contract/envelope.ts";
import type { Message, MsgRemind, MsgType } from "../../contract/messages.ts";
import type { ApiClient } from "./client.ts";

export type MessageListRequest = { pageNo: number; pageSize: number; msgType?: MsgType };

export function fetchMessages(
  api: ApiClient,
  request: MessageListRequest,
  signal?: AbortSignal,
): Promise<Paged<Message>> {
  const searchParams: Record<string, string | number> = {
    page_no: request.pageNo,
    page_size: request.pageSize,
  };
  if (request.msgType) searchParams.msg_type = request.msgType;
  return api.getResult<Paged<Message>>(api.http.get("messages", { searchParams, signal }));
}

export async function deleteMessage(api: ApiClient, messageId: number): Promise<void> {
  await api.getResult<unknown>(api.http.post(`messages/${messageId}/update`, { json: { is_deleted: true } }));
}

export function fetchMsgRemind(api: ApiClient, signal?: AbortSignal): Promise<MsgRemind> {
  return api.getResult<MsgRemind>(api.http.get("user/msg_remind", { signal }));
}
